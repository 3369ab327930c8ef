//
//  SettingsCell.m
//  Pebble
//
//  A settings row: icon, title, current value and an optional switch.
//

#define MAS_SHORTHAND
#define MAS_SHORTHAND_GLOBALS

#import "SettingsCell.h"
#import <Masonry/Masonry.h>

static CGFloat const kMargin = 16;

@interface SettingsCell ()

@property (nonatomic, strong) UIImageView *iconView;
@property (nonatomic, strong) UILabel *titleLabel;
@property (nonatomic, strong) UILabel *valueLabel;
@property (nonatomic, strong) UISwitch *toggle;
@property (nonatomic, strong) UIView *separatorLine;

@end

@implementation SettingsCell

- (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
    self = [super initWithStyle:style reuseIdentifier:reuseIdentifier];
    if (self) {
        _iconView = [[UIImageView alloc] init];
        _iconView.contentMode = UIViewContentModeScaleAspectFit;
        [self.contentView addSubview:_iconView];

        _titleLabel = [[UILabel alloc] init];
        _titleLabel.font = [UIFont systemFontOfSize:16];
        [self.contentView addSubview:_titleLabel];

        _valueLabel = [[UILabel alloc] init];
        _valueLabel.font = [UIFont systemFontOfSize:15];
        _valueLabel.textColor = [UIColor secondaryLabelColor];
        _valueLabel.textAlignment = NSTextAlignmentRight;
        [self.contentView addSubview:_valueLabel];

        _toggle = [[UISwitch alloc] init];
        [self.contentView addSubview:_toggle];

        _separatorLine = [[UIView alloc] init];
        _separatorLine.backgroundColor = [UIColor separatorColor];
        [self.contentView addSubview:_separatorLine];

        [self setupConstraints];
    }
    return self;
}

- (void)setupConstraints {
    [self.iconView makeConstraints:^(MASConstraintMaker *make) {
        make.left.equalTo(@(kMargin));
        make.centerY.equalTo(self.contentView);
        make.width.height.equalTo(@28);
    }];

    [self.titleLabel makeConstraints:^(MASConstraintMaker *make) {
        make.left.equalTo(self.iconView.right).offset(12);
        make.centerY.equalTo(self.iconView);
    }];

    [self.toggle makeConstraints:^(MASConstraintMaker *make) {
        make.right.equalTo(@(-kMargin));
        make.centerY.equalTo(self.contentView);
    }];

    [self.valueLabel makeConstraints:^(MASConstraintMaker *make) {
        make.right.equalTo(self.toggle.left).offset(-8);
        make.left.greaterThanOrEqualTo(self.titleLabel.right).offset(8);
        make.centerY.equalTo(@[self.titleLabel, self.toggle]);
    }];

    [self.separatorLine makeConstraints:^(MASConstraintMaker *make) {
        make.left.equalTo(self.titleLabel);
        make.right.bottom.equalTo(self.contentView);
        make.height.equalTo(@0.5);
    }];
}

- (void)setShowsSwitch:(BOOL)showsSwitch {
    _showsSwitch = showsSwitch;
    self.toggle.hidden = !showsSwitch;
    [self.valueLabel remakeConstraints:^(MASConstraintMaker *make) {
        if (showsSwitch) {
            make.right.equalTo(self.toggle.left).offset(-8);
        } else {
            make.right.equalTo(@(-kMargin));
        }
        make.left.greaterThanOrEqualTo(self.titleLabel.right).offset(8);
        make.centerY.equalTo(@[self.titleLabel, self.toggle]);
    }];
}

- (void)setCompact:(BOOL)compact {
    _compact = compact;
    [self.iconView updateConstraints:^(MASConstraintMaker *make) {
        make.width.height.equalTo(@(compact ? 24 : 28));
    }];
}

@end
