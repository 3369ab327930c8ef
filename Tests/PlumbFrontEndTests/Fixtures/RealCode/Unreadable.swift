//
//  Unreadable.swift
//  Pebble
//
//  A promo banner whose layout mixes SnapKit blocks with code an importer cannot follow.
//

import SnapKit
import UIKit

final class PromoBannerView: UIView {
    private let card = UIView()
    private let title = UILabel()
    private let badge = UILabel()
    private let closeButton = UIButton(type: .close)
    private let buttons = [UIButton(type: .system), UIButton(type: .system), UIButton(type: .system)]

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(card)
        card.addSubview(title)
        card.addSubview(badge)
        card.addSubview(closeButton)
        buttons.forEach { card.addSubview($0) }

        card.snp.makeConstraints { make in
            make.edges.equalToSuperview().inset(12)
        }
        closeButton.snp.makeConstraints { make in self.pin(make) }

        // PebbleLayout operators (our own DSL, not SnapKit)
        PebbleLayout.activate {
            title.top == card.top + 8
            title.left == card.left + 12
        }
        badge.snp.makeConstraints { make in
            make.centerY.equalTo(title)
            make.left.equalTo(title.snp.right).offset(6)
        }

        for i in buttons.indices {
            buttons[i].snp.makeConstraints { make in
                make.bottom.equalToSuperview().offset(-12)
                make.width.equalToSuperview().dividedBy(3)
                make.left.equalTo(i == 0 ? card.snp.left : buttons[i - 1].snp.right)
            }
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func pin(_ make: ConstraintMaker) { make.top.right.equalToSuperview().inset(8) }
}
