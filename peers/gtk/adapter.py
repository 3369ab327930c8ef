#!/usr/bin/python3
"""GTK 4's GtkConstraintLayout (through PyGObject) as a plumb-solver/1 program, under a headless X server.

The harness runs it with `bench run --external gtk='/usr/bin/python3 peers/gtk/adapter.py'` (or `--peer gtk`); it
speaks plumb-solver/1 (docs/solver-protocol.md) on standard input and output. Needs Debian 12's python3-gi,
gir1.2-gtk-4.0 (GTK 4.8.3) and xvfb (peers/gtk/install). It runs under /usr/bin/python3, where python3-gi lives;
started by a Python without `gi` it starts itself again under /usr/bin/python3. The protocol, the parsing, the timing
loop and the --time FILE / --self-check / --installed modes are plumb_peer's (../plumb_peer.py); gtk_headless.py
starts and stops the X server; gtk_checks.py is the self-check; README.md says how Plumb judges the answers.

GTK is driven as its own test suite drives a constraint layout, with nothing shown: an unshown GtkWindow holds a
widget (the "host") whose layout manager is a GtkConstraintLayout, with one child widget per view; a solve measures
the host in both orientations (gtk_widget_measure, through GTK's size-request cache) and allocates it
(gtk_widget_allocate), and each child's allocation is read afterwards.
  * Views: V.x, V.y, V.w, V.h are the LEFT, TOP, WIDTH and HEIGHT of child V, a widget that measures 0 x 0: its
    minimum and natural size never differ from the 0 GTK starts from, so GTK adds no size constraint of its own for
    it. What GTK does add, for every child and the host: width >= 0 and height >= 0, required. A variable of any
    other name (`x`, `scroll.contentW`) is the LEFT of a child of its own.
  * The root (the view `root`) is the host: NULL as a GtkConstraint's target or source, root.x and root.y its LEFT
    and TOP, except in a row that would otherwise relate three attributes: there they are 0, where GTK's allocation
    pins them (a required stay at 0 during gtk_constraint_layout_allocate). The root reads (0, 0). Its size is the
    size the host is allocated: the natural size GTK measures (so root.w == 375 gives 375), or, once an edit on
    root.w or root.h is suggested a value, that value rounded half up to a whole pixel and raised to the measured
    minimum, as a GtkWindow is resized (never below its content's minimum). Edits on anything else are
    "unsupported": GTK has no public edit variable.
  * Rows: a row's terms are grouped per child and axis, a group being one attribute times a number (x: LEFT,
    w: WIDTH, x + w: RIGHT, x + w/2: CENTER_X; y and h likewise) or else two (LEFT and WIDTH); a row of at most two
    attributes `a·A + b·B + c REL 0` is the GtkConstraint `A REL' (-b/a)·B + (-c/a)` (REL' reversed when a < 0; the
    target a child with a positive number when there is one), `a·A + c REL 0` the constant constraint
    `A REL' -c/a`. A row of three attributes or more is "unsupported". Numbers are split exactly; GTK gets doubles.
  * Priorities: 1000 -> GTK_CONSTRAINT_STRENGTH_REQUIRED; the other levels, high to low, take STRONG (1e9), MEDIUM
    (1000) and WEAK (1) as kiwi's adapter does: at most three, weighted (one objective, sum of strength x error).
  * Values are whole pixels as GTK allocates them: x = floor(left), y = floor(top), width = ceil(width),
    height = ceil(height) (gtk_constraint_layout_allocate); the root reads (0, 0, allocated width, height).
  * GTK refuses no constraint: a required one its solver cannot satisfy is dropped without a word (no warning, no
    error), and the answer is a layout ("drops_unsatisfiable"): nothing here is ever "infeasible".
  * Steps: add = gtk_constraint_layout_add_constraint (GTK's solver re-optimises inside it), remove =
    gtk_constraint_layout_remove_constraint, a constant change = remove + add (a GtkConstraint is immutable),
    suggest = the next allocation's size, solve = measure both ways + allocate. The GtkConstraints of a run are made
    before its clock starts (as the harness's own back ends get their rows ready); those a churn cycle makes are
    made when added. Refused (listed when marked may_fail): removing a constraint this layout does not hold (GTK
    would ignore it with a g_return_if_fail critical) and suggesting a value for what is no edit variable.
"""
import math
import os
import sys
import weakref

sys.dont_write_bytecode = True  # no __pycache__ folders in the checkout
DEBIAN_PYTHON = "/usr/bin/python3"
try:
    import gi
except ImportError:  # python3-gi is Debian's: run again under Debian's Python (before anything touches the descriptors)
    if (os.access(DEBIAN_PYTHON, os.X_OK)
            and os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON)):
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])
    gi = None

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), HERE]  # peers/ for plumb_peer, this folder for the two modules beside
import plumb_peer  # noqa: E402
from plumb_peer import Unsupported  # noqa: E402
import gtk_headless  # noqa: E402

WHO = "gtk adapter"
INSTALL = "peers/gtk/install (apt-get install python3-gi gir1.2-gtk-4.0 xvfb)"
if gi is None:
    sys.stderr.write("%s: cannot import the Python package 'gi' (python3-gi) from %s; install it with %s\n"
                     % (WHO, sys.executable, INSTALL))
    sys.exit(2)
if not {"-h", "--help"} & set(sys.argv[1:]):
    gtk_headless.start(WHO)  # sets DISPLAY: before GTK is imported
try:
    gi.require_version("Gtk", "4.0")
    gi.require_version("Gdk", "4.0")
    from gi.repository import Gdk, Gtk  # noqa: E402
except (ImportError, ValueError) as e:
    sys.stderr.write("%s: cannot load GTK 4 through PyGObject (%s); install it with %s\n" % (WHO, e, INSTALL))
    sys.exit(2)
if not {"-h", "--help"} & set(sys.argv[1:]):
    if Gdk.Display.get_default() is None:
        sys.stderr.write("%s: GTK could not open the headless display %s\n" % (WHO, os.environ.get("DISPLAY")))
        sys.exit(2)
    gtk_headless.SERVER.connected()

ATTR, REL, STRENGTH = Gtk.ConstraintAttribute, Gtk.ConstraintRelation, Gtk.ConstraintStrength
HORIZONTAL, VERTICAL = Gtk.Orientation.HORIZONTAL, Gtk.Orientation.VERTICAL
RELATIONS = {"==": REL.EQ, "<=": REL.LE, ">=": REL.GE}
REVERSED = {"==": "==", "<=": ">=", ">=": "<="}
# per axis: (position, size) components and the attributes of position, size, position + size, position + size / 2
AXES = {"h": (("x", "w"), (ATTR.LEFT, ATTR.WIDTH, ATTR.RIGHT, ATTR.CENTER_X)),
        "v": (("y", "h"), (ATTR.TOP, ATTR.HEIGHT, ATTR.BOTTOM, ATTR.CENTER_Y))}
AXIS = {"x": "h", "w": "h", "y": "v", "h": "v"}
ROOT = ("root",)  # the layout's own widget: NULL as a GtkConstraint's target or source
ROOT_VIEW = "root"
HALF = plumb_peer.Fraction(1, 2)


class Refused(Exception):
    """A call GTK would not take (listed in a run's "refused" when marked may_fail)."""


class Var:
    """A variable of the system: a component ("x", "y", "w", "h") of a child (key ("view", V) or ("scalar", name))
    or of ROOT."""
    __slots__ = ("name", "key", "comp")

    def __init__(self, name, key, comp):
        self.name, self.key, self.comp = name, key, comp


class Row:
    """A native constraint: target.tattr RELATION source.sattr * multiplier + constant at strength (keys for
    target and source; `source` None for a constant constraint)."""
    __slots__ = ("target", "tattr", "relation", "source", "sattr", "multiplier", "constant", "strength",
                 "__weakref__")

    def __init__(self, target, tattr, relation, source, sattr, multiplier, constant, strength):
        self.target, self.tattr, self.relation, self.source, self.sattr = target, tattr, relation, source, sattr
        self.multiplier, self.constant, self.strength = multiplier, constant, strength


class Item(Gtk.Widget):
    """A view: measures 0 x 0 (minimum and natural), so GTK's size stays add nothing."""

    def do_measure(self, orientation, for_size):
        return 0, 0, -1, -1


class Host(Gtk.Widget):
    """The layout's own widget (GtkWidget itself cannot be instantiated)."""


def split(terms, origin):
    """[(key, GTK attribute, number)] for a row's terms, grouped per child (or ROOT) and axis, in the order of the
    terms; without the terms on root.x and root.y unless `origin`."""
    groups = {}  # (key, axis) -> {component: coefficient}
    for var, k in terms:
        if origin or var.key is not ROOT or var.comp not in ("x", "y"):
            groups.setdefault((var.key, AXIS[var.comp]), {})[var.comp] = k
    return [(key, attr, k) for (key, axis), g in groups.items() for attr, k in attributes(g, axis)]


def attributes(group, axis):
    """[(GTK attribute, number)] for one child's terms on one axis: one attribute when the terms are one (left,
    width, right = left + width, center = left + width/2), else two (left and width)."""
    (pos, size), (p_attr, s_attr, end_attr, center_attr) = AXES[axis]
    a, b = group.get(pos, 0), group.get(size, 0)
    if not b:
        return [(p_attr, a)]
    if not a:
        return [(s_attr, b)]
    if b == a:
        return [(end_attr, a)]
    if 2 * b == a:
        return [(center_attr, a)]
    return [(p_attr, a), (s_attr, b)]


class GtkPeer(plumb_peer.Peer):
    name = "gtk"
    version = "%d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())
    supported_versions = ("4.8.0", "4.8.1", "4.8.2", "4.8.3")  # GTK 4.8.x; Debian 12 ships 4.8.3
    supports = {"levels": 3, "strict_priorities": False, "exact": False, "edits": True, "remove": True,
                "set_constant": True, "repeat": True, "may_fail": True, "churn": True,
                "resolution": 1, "drops_unsatisfiable": True}
    required = int(STRENGTH.REQUIRED)
    levels = (("strong", int(STRENGTH.STRONG)), ("medium", int(STRENGTH.MEDIUM)), ("weak", int(STRENGTH.WEAK)))
    refused = ()  # GTK refuses no constraint: an unsatisfiable one is dropped, never raised
    number = plumb_peer.Fraction  # rows are split into attributes exactly; GTK gets doubles

    def __init__(self):
        self.rows = weakref.WeakSet()  # the rows alive (the loaded workload's, a solve's): made ready per solver
        self.last = None               # the Layout values are read from

    def check_system(self, system):
        bad = [n for n, _ in system.edits if n not in ("%s.w" % ROOT_VIEW, "%s.h" % ROOT_VIEW)]
        if bad:
            raise Unsupported("edit variable %s: GTK has no public edit variables; only the root's size (root.w, "
                              "root.h) is suggested, as the size the layout's widget is allocated" % bad[0])

    def variable(self, name):
        view, dot, comp = name.rpartition(".")
        if dot and view and comp in AXIS:
            return Var(name, ROOT if view == ROOT_VIEW else ("view", view), comp)
        return Var(name, ("scalar", name), "x")

    def constraint(self, terms, constant, relation, strength):
        parts = split(terms, True)
        if len(parts) > 2:  # without the root's origin, which GTK's allocation pins at (0, 0)?
            parts = split(terms, False)
        if len(parts) > 2 or not parts:
            where = " + ".join("%s·%s" % (plumb_peer.show(k), v.name) for v, k in terms) or "(no terms)"
            raise Unsupported("%s: %d attributes in one row (%s); a GtkConstraint relates one or two" % (
                where, len(parts), ", ".join("%s %s" % ("root" if key is ROOT else key[1], attr.value_nick)
                                             for key, attr, _ in parts)))
        parts.sort(key=lambda p: (p[0] is ROOT, p[2] < 0))  # the target: a child with a positive number if any
        (target, tattr, a), rest = parts[0], parts[1:]
        rel = relation if a > 0 else REVERSED[relation]
        if rest:
            source, sattr, b = rest[0]
            row = Row(target, tattr, RELATIONS[rel], source, sattr, float(-b / a), float(-constant / a), strength)
        else:
            row = Row(target, tattr, RELATIONS[rel], None, ATTR.NONE, 1.0, float(-constant / a), strength)
        self.rows.add(row)
        return row

    def solver(self, variables):
        self.last = None  # the last layout goes first, and with it the rows only it still held
        self.last = layout = Layout(variables.values(), list(self.rows))
        return plumb_peer.Steps(add=layout.add, remove=layout.remove, edit=layout.edit, suggest=layout.suggest,
                                solve=layout.solve)

    def value(self, variable):
        return self.last.read(variable)


class Layout:
    """One GtkConstraintLayout in an unshown window of its own (GTK's solver belongs to the window): a fresh solver."""

    def __init__(self, variables, rows):
        self.window = Gtk.Window()
        self.host = Host()
        self.manager = manager = Gtk.ConstraintLayout()
        self.host.set_layout_manager(manager)
        self.window.set_child(self.host)
        self.widgets = {ROOT: None}
        for var in variables:
            if var.key not in self.widgets:
                child = self.widgets[var.key] = Item()
                child.set_parent(self.host)
                child.measure(HORIZONTAL, -1)  # fills GTK's size-request cache before any clock
                child.measure(VERTICAL, -1)
        keys = self.widgets  # a row of another system still alive (the last layout holds it) may name other views
        self.ready = {row: self.make(row) for row in rows
                      if row.target in keys and (row.source is None or row.source in keys)}
        self.made = {}  # Row -> its GtkConstraint in this layout
        self.editable, self.wanted, self.size = set(), {}, (0, 0)
        self._add, self._remove = manager.add_constraint, manager.remove_constraint
        self._measure, self._allocate = self.host.measure, self.host.allocate  # gtk_widget_measure, _allocate

    def make(self, row):
        w = self.widgets
        if row.source is None:
            return Gtk.Constraint.new_constant(w[row.target], row.tattr, row.relation, row.constant, row.strength)
        return Gtk.Constraint.new(w[row.target], row.tattr, row.relation, w[row.source], row.sattr,
                                  row.multiplier, row.constant, row.strength)

    def __del__(self):
        # the window first (it unroots the layout, which lets go of the window's solver), then the children. GTK 4.8
        # releases a soft inequality's error variable once more than it holds it, here as when such a constraint is
        # removed: GLib then warns "g_ref_count_dec: assertion 'rrc < 0' failed" (README.md).
        window = getattr(self, "window", None)
        if window is not None:
            window.destroy()
        for child in getattr(self, "widgets", {}).values():
            if child is not None:
                child.unparent()

    # -- the five steps

    def add(self, row):
        made = self.ready.pop(row, None) or self.make(row)
        self._add(made)
        self.made[row] = made

    def remove(self, row):
        try:
            made = self.made.pop(row)
        except KeyError:
            raise Refused("a constraint this layout does not hold (gtk_constraint_layout_remove_constraint "
                          "ignores it with a critical)") from None
        self._remove(made)

    def edit(self, var, strength):
        if var.key is not ROOT or var.comp not in ("w", "h"):
            raise Refused("%s: only the root's size can be edited" % var.name)
        self.editable.add(var.comp)

    def suggest(self, var, value):
        if var.key is not ROOT or var.comp not in self.editable:
            raise Refused("%s is not an edit variable" % var.name)
        self.wanted[var.comp] = math.floor(value + HALF)

    def solve(self):
        w_min, w_nat = self._measure(HORIZONTAL, -1)[:2]
        h_min, h_nat = self._measure(VERTICAL, -1)[:2]
        w, h = self.wanted.get("w"), self.wanted.get("h")
        width = w_nat if w is None else max(w, w_min)
        height = h_nat if h is None else max(h, h_min)
        self._allocate(width, height, -1, None)
        self.size = (width, height)

    # -- values, after the clock

    def read(self, var):
        if var.key is ROOT:
            return {"x": 0, "y": 0, "w": self.size[0], "h": self.size[1]}[var.comp]
        box = self.widgets[var.key].get_allocation()
        return {"x": box.x, "y": box.y, "w": box.width, "h": box.height}[var.comp]


GTK = GtkPeer()

if __name__ == "__main__":
    import gtk_checks
    sys.exit(plumb_peer.main(GTK, gtk_checks.self_check))
