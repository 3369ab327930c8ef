// An app that lays out with the front end uses these modules' types in every block (numbers as `Rational`,
// `Priority`, the `LayoutSolver` a back end implements): importing the front end brings them along, so that
// `import PlumbFrontEnd` and one back end's module are all an app writes.
@_exported import PlumbSystem
@_exported import PlumbSolver
