//  Unreadable.m - Pebble: a tag list whose layout mixes Masonry blocks with code an importer cannot follow.
#import "TagListView.h"
#import <Masonry/Masonry.h>
#define kMargin 15
@interface TagListView ()
@property (nonatomic, strong) UIView *backgroundView;
@property (nonatomic, strong) UILabel *titleLabel;
@property (nonatomic, strong) UIImageView *iconView;
@property (nonatomic, strong) UIView *tagsView;
@property (nonatomic, copy) NSArray<UILabel *> *tagViews;
@end

@implementation TagListView

- (void)setupViews {
    self.backgroundView = [[UIView alloc] init];
    [self addSubview:self.backgroundView];
    self.titleLabel = [[UILabel alloc] init];
    [self addSubview:self.titleLabel];
    self.iconView = [[UIImageView alloc] init];
    [self addSubview:self.iconView];
    self.tagsView = [[UIView alloc] init];
    [self addSubview:self.tagsView];
}

- (void)setupConstraints {
    void (^fill)(MASConstraintMaker *) = ^(MASConstraintMaker *make) {
        make.edges.equalTo(self);
    };
    [self.backgroundView mas_makeConstraints:fill];
    [self.titleLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.left.equalTo(self).offset(kMargin);
    }];
    [self.iconView mas_makeConstraints:^(MASConstraintMaker *make) {
        [self pinBesideTitle:make];
        make.size.mas_equalTo(CGSizeMake(16, 16));
    }];
    [self.tagsView mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(self.titleLabel.mas_bottom).offset(8);
        make.left.right.equalTo(self).insets(UIEdgeInsetsMake(0, kMargin, 0, kMargin));
        make.height.mas_equalTo(28);
    }];

    UILabel *lastTag = nil;
    for (UILabel *tag in self.tagViews) {
        [self.tagsView addSubview:tag];
        [tag mas_makeConstraints:^(MASConstraintMaker *make) {
            make.centerY.equalTo(self.tagsView);
            make.left.equalTo(lastTag ? lastTag.mas_right : self.tagsView.mas_left).offset(6);
        }];
        lastTag = tag;
    }
}

- (void)pinBesideTitle:(MASConstraintMaker *)make {
    make.left.equalTo(self.titleLabel.mas_right).offset(4);
    make.centerY.equalTo(self.titleLabel);
}

@end
