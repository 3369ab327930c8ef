//
//  CheckoutViewController.swift
//  Pebble Shop
//
//  Checkout: shipping address, cart items, an optional promo code, the order summary
//  and a pay bar pinned above the home indicator.
//

import SnapKit
import UIKit

final class CheckoutViewController: UIViewController {

    private enum Layout {
        static let spacing: CGFloat = 12
        static let sidePadding: CGFloat = 16
        static let sectionSpacing: CGFloat = 24
        static let cardPadding: CGFloat = 12
        static let addressCardHeight: CGFloat = 88
        static let couponHeight: CGFloat = 44
        static let applyButtonWidth: CGFloat = 80
        static let payBarHeight: CGFloat = 64
        static let payButtonWidth: CGFloat = 140
    }

    private let viewModel: CheckoutViewModel

    private let scrollView = UIScrollView()
    private let contentView = UIView()

    private let addressCard = UIView()
    private let addressTitleLabel = UILabel()
    private let addressDetailLabel = UILabel()

    private let itemsStack = UIStackView()

    private let couponField = UITextField()
    private let applyButton = UIButton(type: .system)

    private let summaryView = UIStackView()
    private let subtotalRow = SummaryRow(title: "Subtotal")
    private let shippingRow = SummaryRow(title: "Shipping")
    private let promoButton = UIButton(type: .system)

    private let payBar = UIView()
    private let totalLabel = UILabel()
    private let payButton = UIButton(type: .system)

    private let loadingView = UIActivityIndicatorView(style: .large)

    private var isCouponVisible = false

    init(viewModel: CheckoutViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
        title = "Checkout"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: Life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        buildHierarchy()
        makeConstraints()
        bind()
    }

    private func buildHierarchy() {
        scrollView.alwaysBounceVertical = true
        scrollView.keyboardDismissMode = .interactive
        view.addSubview(scrollView)
        scrollView.addSubview(contentView)

        addressCard.backgroundColor = .systemBackground
        addressCard.layer.cornerRadius = 10
        contentView.addSubview(addressCard)

        addressTitleLabel.font = .preferredFont(forTextStyle: .headline)
        addressCard.addSubview(addressTitleLabel)

        addressDetailLabel.font = .preferredFont(forTextStyle: .subheadline)
        addressDetailLabel.textColor = .secondaryLabel
        addressDetailLabel.numberOfLines = 2
        addressCard.addSubview(addressDetailLabel)

        itemsStack.axis = .vertical
        itemsStack.spacing = 1
        itemsStack.layer.cornerRadius = 10
        itemsStack.clipsToBounds = true
        contentView.addSubview(itemsStack)

        couponField.placeholder = "Promo code"
        couponField.borderStyle = .roundedRect
        couponField.autocapitalizationType = .allCharacters
        couponField.isHidden = true
        contentView.addSubview(couponField)

        applyButton.setTitle("Apply", for: .normal)
        applyButton.addTarget(self, action: #selector(applyTapped), for: .touchUpInside)
        applyButton.isHidden = true
        contentView.addSubview(applyButton)

        summaryView.axis = .vertical
        summaryView.spacing = 8
        summaryView.addArrangedSubview(subtotalRow)
        summaryView.addArrangedSubview(shippingRow)
        promoButton.setTitle("Have a promo code?", for: .normal)
        promoButton.contentHorizontalAlignment = .leading
        promoButton.addTarget(self, action: #selector(promoTapped), for: .touchUpInside)
        summaryView.addArrangedSubview(promoButton)
        contentView.addSubview(summaryView)

        payBar.backgroundColor = .systemBackground
        view.addSubview(payBar)

        totalLabel.font = .monospacedDigitSystemFont(ofSize: 20, weight: .semibold)
        payBar.addSubview(totalLabel)

        payButton.setTitle("Pay now", for: .normal)
        payButton.backgroundColor = .systemBlue
        payButton.setTitleColor(.white, for: .normal)
        payButton.layer.cornerRadius = 8
        payButton.addTarget(self, action: #selector(payTapped), for: .touchUpInside)
        payBar.addSubview(payButton)

        loadingView.hidesWhenStopped = true
        loadingView.backgroundColor = UIColor.black.withAlphaComponent(0.2)
        view.addSubview(loadingView)
    }

    private func makeConstraints() {
        scrollView.snp.makeConstraints { make in
            make.top.equalTo(view.safeAreaLayoutGuide.snp.top)
            make.left.right.equalToSuperview()
            make.bottom.equalTo(payBar.snp.top)
        }

        contentView.snp.makeConstraints { make in
            make.edges.equalToSuperview()
            make.width.equalTo(scrollView)
        }

        addressCard.snp.makeConstraints { make in
            make.top.equalToSuperview().offset(Layout.spacing)
            make.left.right.equalToSuperview().inset(Layout.sidePadding)
            make.height.equalTo(Layout.addressCardHeight)
        }

        addressTitleLabel.snp.makeConstraints { make in
            make.top.left.equalToSuperview().offset(Layout.cardPadding)
            make.right.equalToSuperview().offset(-Layout.cardPadding)
        }

        addressDetailLabel.snp.makeConstraints { make in
            make.top.equalTo(addressTitleLabel.snp.bottom)
                .offset(4)
            make.left.right.equalTo(addressTitleLabel)
            make.bottom.lessThanOrEqualToSuperview()
                .offset(-Layout.cardPadding)
        }

        itemsStack.snp.makeConstraints { make in
            make.top.equalTo(addressCard.snp.bottom).offset(Layout.spacing)
            make.left.right.equalTo(addressCard)
        }

        couponField.snp.makeConstraints { make in
            make.top.equalTo(itemsStack.snp.bottom).offset(Layout.spacing)
            make.left.equalTo(addressCard)
            make.right.equalTo(applyButton.snp.left).offset(-8)
            make.height.equalTo(0)
        }

        applyButton.snp.makeConstraints { make in
            make.centerY.equalTo(couponField)
            make.right.equalTo(addressCard)
            make.width.equalTo(Layout.applyButtonWidth)
        }

        summaryView.snp.makeConstraints { make in
            make.top.equalTo(itemsStack.snp.bottom).offset(Layout.spacing)
            make.left.right.equalTo(addressCard)
            make.bottom.equalToSuperview().offset(-Layout.sectionSpacing)
        }

        payBar.snp.makeConstraints { make in
            make.left.right.bottom.equalToSuperview()
            make.top.equalTo(view.safeAreaLayoutGuide.snp.bottom).offset(-Layout.payBarHeight)
        }

        payButton.snp.makeConstraints { make in
            make.top.equalToSuperview().offset(8)
            make.right.equalToSuperview().inset(Layout.sidePadding)
            make.width.equalTo(Layout.payButtonWidth)
            make.height.equalTo(48)
        }

        totalLabel.snp.makeConstraints { make in
            make.left.equalToSuperview().offset(Layout.sidePadding)
            make.centerY.equalTo(payButton)
            make.right.lessThanOrEqualTo(payButton.snp.left).offset(-Layout.spacing)
        }

        loadingView.snp.makeConstraints { $0.edges.equalToSuperview() }
    }

    // MARK: Binding

    private func bind() {
        addressTitleLabel.text = viewModel.address.name
        addressDetailLabel.text = viewModel.address.formatted
        itemsStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        viewModel.items.forEach { item in
            itemsStack.addArrangedSubview(CheckoutItemRow(item: item))
        }
        subtotalRow.value = viewModel.subtotalText
        shippingRow.value = viewModel.shippingText
        totalLabel.text = viewModel.totalText
    }

    // MARK: Actions

    @objc private func promoTapped() {
        isCouponVisible.toggle()
        couponField.isHidden = !isCouponVisible
        applyButton.isHidden = !isCouponVisible

        couponField.snp.updateConstraints { make in
            make.height.equalTo(isCouponVisible ? Layout.couponHeight : 0)
        }
        summaryView.snp.remakeConstraints { make in
            if isCouponVisible {
                make.top.equalTo(couponField.snp.bottom).offset(Layout.spacing)
            } else {
                make.top.equalTo(itemsStack.snp.bottom).offset(Layout.spacing)
            }
            make.left.right.equalTo(addressCard)
            make.bottom.equalToSuperview().offset(-Layout.sectionSpacing)
        }

        UIView.animate(withDuration: 0.25) {
            self.view.layoutIfNeeded()
        }
        if isCouponVisible {
            couponField.becomeFirstResponder()
        }
    }

    @objc private func applyTapped() {
        guard let code = couponField.text, !code.isEmpty else { return }
        loadingView.startAnimating()
        viewModel.apply(promoCode: code) { [weak self] result in
            guard let self = self else { return }
            self.loadingView.stopAnimating()
            switch result {
            case .success:
                self.bind()
            case .failure(let error):
                self.present(UIAlertController.error(error), animated: true)
            }
        }
    }

    @objc private func payTapped() {
        loadingView.startAnimating()
        viewModel.pay { [weak self] _ in
            self?.loadingView.stopAnimating()
            self?.navigationController?.popToRootViewController(animated: true)
        }
    }
}
