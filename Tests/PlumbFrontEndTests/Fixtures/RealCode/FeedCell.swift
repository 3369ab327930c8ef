//
//  FeedCell.swift
//  Pebble
//
//  One post in the home feed: author, text, optional photo, attachment row and actions.
//

import SnapKit
import UIKit

// MARK: - Layout

private enum Layout {
    static let avatarSize: CGFloat = 44
    static let minBodyHeight: CGFloat = 20
    static let collapsedBodyHeight: CGFloat = 60
}

enum FeedCellStyle {
    case compact
    case regular
}

// MARK: - FeedActionBar

/// The like and comment buttons under a post.
final class FeedActionBar: UIView {
    let buttons: [UIButton] = [UIButton(type: .system), UIButton(type: .system)]

    var onLike: (() -> Void)?
    var onComment: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        buttons[0].setImage(UIImage(systemName: "heart"), for: .normal)
        buttons[0].addTarget(self, action: #selector(likeTapped), for: .touchUpInside)
        buttons[1].setImage(UIImage(systemName: "bubble.right"), for: .normal)
        buttons[1].addTarget(self, action: #selector(commentTapped), for: .touchUpInside)
        addSubview(buttons[0])
        addSubview(buttons[1])

        snp.makeConstraints { make in
            make.height.greaterThanOrEqualTo(44)
        }
        buttons[0].snp.makeConstraints { make in
            make.left.equalToSuperview().offset(Metrics.padding)
            make.centerY.equalToSuperview()
            make.size.equalTo(CGSize(width: 40, height: 40))
        }
        buttons[1].snp.makeConstraints { m in
            m.center.equalToSuperview()
            m.size.equalTo(buttons[0])
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    @objc private func likeTapped() { onLike?() }
    @objc private func commentTapped() { onComment?() }
}

// MARK: - FeedCell

/// The row under a photo that names an attachment; link attachments have no icon.
private struct AttachmentRow {
    let stack = UIStackView()
    var icon: UIImageView? = UIImageView()
    let title = UILabel()
}

final class FeedCell: UITableViewCell {
    static let reuseIdentifier = "FeedCell"
    private static let maxImageHeight: CGFloat = 240

    private let padding: CGFloat = 16

    var theme: FeedTheme = .standard
    var style: FeedCellStyle = .compact
    var onToggleExpanded: ((FeedCell) -> Void)?

    private let card = UIView()
    private var avatarView: UIImageView?
    private let titleLabel = UILabel()
    private let timeLabel = UILabel()
    private let bodyLabel = UILabel()
    private let photoView = UIImageView()
    private var item = AttachmentRow()
    private let actionBar = FeedActionBar()
    private weak var pressedOverlay: UIView?

    private var isExpanded = false
    private var imageTask: ImageTask?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        setupViews()
        setupConstraints()
        layoutTimeLabel()
        addPressedOverlay()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageTask?.cancel()
        imageTask = nil
        photoView.image = nil
        avatarView?.image = nil
        setExpanded(false)
    }

    // MARK: Views

    private func setupViews() {
        contentView.backgroundColor = .systemGroupedBackground

        card.backgroundColor = .systemBackground
        card.layer.cornerRadius = 12
        card.layer.masksToBounds = true
        contentView.addSubview(card)

        avatarView = UIImageView()
        avatarView!.layer.cornerRadius = Layout.avatarSize / 2
        avatarView!.clipsToBounds = true
        card.addSubview(avatarView!)

        titleLabel.font = .preferredFont(forTextStyle: .headline)
        card.addSubview(titleLabel)

        timeLabel.font = .preferredFont(forTextStyle: .caption1)
        timeLabel.textColor = .secondaryLabel
        card.addSubview(timeLabel)

        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 3
        bodyLabel.isUserInteractionEnabled = true
        bodyLabel.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(bodyTapped)))
        card.addSubview(bodyLabel)

        photoView.contentMode = .scaleAspectFill
        photoView.clipsToBounds = true
        card.addSubview(photoView)

        item.stack.axis = .horizontal
        item.stack.spacing = 4
        item.stack.alignment = .center
        if let icon = item.icon {
            icon.tintColor = .secondaryLabel
            item.stack.addArrangedSubview(icon)
        }
        item.title.font = .preferredFont(forTextStyle: .footnote)
        item.stack.addArrangedSubview(item.title)
        card.addSubview(item.stack)

        card.addSubview(actionBar)
    }

    private func setupConstraints() {
        card.snp.makeConstraints { make in
            make.edges.equalToSuperview().inset(UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        }

        avatarView!.snp.makeConstraints { (make) -> Void in
            make.top.left.equalToSuperview().offset(padding)
            make.width.height.equalTo(Layout.avatarSize)
        }

        titleLabel.snp.makeConstraints { make in
            make.top.equalTo(titleLabel.superview!.snp.top).offset(theme.insets.top)
            make.left.equalTo(avatarView!.snp.right)
                .offset(10)
            make.right.lessThanOrEqualToSuperview().offset(-padding)
            make.width.lessThanOrEqualToSuperview().multipliedBy(0.7)
        }

        layoutBody()

        photoView.snp.makeConstraints { make in
            make.top.equalTo(bodyLabel.snp.bottom).offset(padding / 2)
            make.left.right.equalTo(bodyLabel)
            switch style {
            case .compact:
                make.height.equalTo(photoView.snp.width).multipliedBy(0.5).priority(.high)
                make.height.lessThanOrEqualTo(FeedCell.maxImageHeight)
            case .regular:
                make.height.equalTo(FeedCell.maxImageHeight)
            }
        }

        item.stack.snp.makeConstraints { make in
            make.top.equalTo(photoView.snp.bottom).offset(8)
            make.left.equalTo(photoView)
            make.width.equalToSuperview().dividedBy(2)
            make.height.equalTo(CGFloat.rowHeight)
        }
        item.icon?.snp.makeConstraints { $0.width.height.equalTo(16) }

        actionBar.snp.makeConstraints { make in
            make.top.equalTo(item.stack.snp.bottom).offset(4)
            make.left.right.equalToSuperview()
            make.bottom.equalToSuperview().priority(999)
        }
    }

    private func layoutBody() {
        bodyLabel.snp.remakeConstraints { make in
            let inset: CGFloat = 12
            make.top.equalTo(avatarView!.snp.bottom).offset(inset)
            make.left.right.equalToSuperview().inset(inset)
            if isExpanded {
                make.height.greaterThanOrEqualTo(Layout.minBodyHeight)
                    .priority(ConstraintPriority.low.value + 1)
            } else {
                make.height.lessThanOrEqualTo(Layout.collapsedBodyHeight)
            }
        }
    }

    // MARK: Legacy

    // Written against SnapKit 0.x in the Swift 2 days and never migrated; the snp_ spellings
    // still build through the SnapKit+Legacy shim in PebbleKit.
    private func layoutTimeLabel() {
        timeLabel.snp_makeConstraints { make in
            make.left.equalTo(titleLabel.snp_left)
            make.top.equalTo(titleLabel.snp_bottom).offset(4)
            make.bottom.lessThanOrEqualTo(avatarView!.snp_bottom)
        }
    }

    private func addPressedOverlay() {
        let view = UIView()
        view.backgroundColor = UIColor.black.withAlphaComponent(0.04)
        view.isUserInteractionEnabled = false
        view.alpha = 0
        contentView.addSubview(view)
        view.snp.makeConstraints { $0.edges.equalTo(card) }
        pressedOverlay = view
    }

    // MARK: State

    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        UIView.animate(withDuration: animated ? 0.2 : 0) { [weak self] in
            self?.pressedOverlay?.alpha = highlighted ? 1 : 0
            self?.card.snp.updateConstraints { make in
                make.top.bottom.equalToSuperview().inset(highlighted ? 10 : 8)
            }
            self?.contentView.layoutIfNeeded()
        }
    }

    func setExpanded(_ expanded: Bool) {
        guard expanded != isExpanded else { return }
        isExpanded = expanded
        bodyLabel.numberOfLines = expanded ? 0 : 3
        layoutBody()
    }

    @objc private func bodyTapped() {
        setExpanded(!isExpanded)
        onToggleExpanded?(self)
    }

    // MARK: Content

    func configure(with post: FeedPost) {
        titleLabel.text = post.authorName
        timeLabel.text = post.relativeTime
        bodyLabel.text = post.body
        avatarView?.image = post.avatarPlaceholder
        item.title.text = post.attachmentName
        item.icon?.isHidden = post.attachmentName == nil
        photoView.isHidden = post.imageURL == nil
        accessibilityLabel = [post.authorName, post.body].compactMap { $0 }.joined(separator: ", ")

        imageTask?.cancel()
        guard let url = post.imageURL else { return }
        imageTask = ImageLoader.shared.load(url) { [weak self] image in
            guard let self = self else { return }
            self.photoView.image = image
            // Keep the photo's aspect ratio once its real size is known.
            self.photoView.snp.remakeConstraints { make in
                make.top.equalTo(self.bodyLabel.snp.bottom).offset(self.padding / 2)
                make.left.right.equalTo(self.bodyLabel)
                make.height.equalTo(self.photoView.snp.width)
                    .multipliedBy(image.size.height / image.size.width)
            }
        }
    }
}
