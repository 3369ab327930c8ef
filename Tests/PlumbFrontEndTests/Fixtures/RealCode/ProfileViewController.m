//
//  ProfileViewController.m
//  Pebble
//
//  Profile page: cover image, header card, stats row, posts list and a bottom action bar.
//

#import "ProfileViewController.h"
#import "PBProfileService.h"
#import "PBProfileStyle.h"
#import "PBMacros.h"
#import <Masonry/Masonry.h>

#define kMargin 15

static const CGFloat kAvatarSize = 64;
static NSString * const kPostCellID = @"PBPostCell";

@interface ProfileViewController () <UITableViewDataSource, UITableViewDelegate>

@property (nonatomic, strong) UIImageView *coverView;
@property (nonatomic, strong) UIView *headerView;
@property (nonatomic, strong) UIImageView *avatarView;
@property (nonatomic, strong) UIView *badgeView;
@property (nonatomic, strong) UILabel *titleLabel;
@property (nonatomic, strong) UILabel *bioLabel;
@property (nonatomic, strong) UIButton *followButton;
@property (nonatomic, strong) UIView *statsView;
@property (nonatomic, strong) UILabel *followersLabel;
@property (nonatomic, strong) UILabel *followingLabel;
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, strong) UILabel *emptyLabel;
@property (nonatomic, strong) UIView *bottomBar;
@property (nonatomic, strong) UIButton *messageButton;
@property (nonatomic, strong) UIView *errorView;

@property (nonatomic, strong) PBProfileStyle *style;
@property (nonatomic, strong) PBProfileService *service;
@property (nonatomic, copy) NSArray<PBPost *> *posts;
@property (nonatomic, assign) BOOL headerCollapsed;

@end

@implementation ProfileViewController

- (instancetype)initWithUserID:(NSString *)userID {
    self = [super initWithNibName:nil bundle:nil];
    if (self) {
        _service = [[PBProfileService alloc] initWithUserID:userID];
        _style = [PBProfileStyle defaultStyle];
        _posts = @[];
    }
    return self;
}

#pragma mark - Life cycle

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor whiteColor];
    self.title = NSLocalizedString(@"Profile", nil);

    self.coverView = [[UIImageView alloc] init];
    self.coverView.contentMode = UIViewContentModeScaleAspectFill;
    self.coverView.clipsToBounds = YES;
    [self.view addSubview:self.coverView];

    // 头部视图：头像、昵称、简介、关注按钮
    self.headerView = [[UIView alloc] init];
    self.headerView.backgroundColor = [UIColor clearColor];
    [self.view addSubview:self.headerView];

    self.avatarView = [[UIImageView alloc] init];
    self.avatarView.layer.cornerRadius = kAvatarSize / 2;
    self.avatarView.layer.masksToBounds = YES;
    [self.headerView addSubview:self.avatarView];

    self.badgeView = [[UIView alloc] init];
    self.badgeView.backgroundColor = [UIColor systemRedColor];
    self.badgeView.layer.cornerRadius = 5;
    [self.headerView addSubview:self.badgeView];

    self.titleLabel = [[UILabel alloc] init];
    self.titleLabel.font = [UIFont boldSystemFontOfSize:18];
    self.titleLabel.textColor = [UIColor darkTextColor];
    [self.headerView addSubview:self.titleLabel];

    self.bioLabel = [[UILabel alloc] init];
    self.bioLabel.font = [UIFont systemFontOfSize:13];
    self.bioLabel.textColor = [UIColor grayColor];
    self.bioLabel.numberOfLines = 0;
    [self.headerView addSubview:self.bioLabel];

    self.followButton = [UIButton buttonWithType:UIButtonTypeCustom];
    [self.followButton setTitle:NSLocalizedString(@"Follow", nil) forState:UIControlStateNormal];
    [self.followButton addTarget:self action:@selector(followTapped:) forControlEvents:UIControlEventTouchUpInside];
    [self.headerView addSubview:self.followButton];

    self.statsView = [[UIView alloc] init];
    [self.view addSubview:self.statsView];

    self.followersLabel = [[UILabel alloc] init];
    self.followersLabel.textAlignment = NSTextAlignmentCenter;
    [self.statsView addSubview:self.followersLabel];

    self.followingLabel = [[UILabel alloc] init];
    self.followingLabel.textAlignment = NSTextAlignmentCenter;
    [self.statsView addSubview:self.followingLabel];

    self.tableView = [[UITableView alloc] initWithFrame:CGRectZero style:UITableViewStylePlain];
    self.tableView.dataSource = self;
    self.tableView.delegate = self;
    self.tableView.tableFooterView = [UIView new];
    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:kPostCellID];
    [self.view addSubview:self.tableView];

    self.emptyLabel = [[UILabel alloc] init];
    self.emptyLabel.text = NSLocalizedString(@"No posts yet", nil);
    self.emptyLabel.numberOfLines = 0;
    self.emptyLabel.hidden = YES;
    [self.view addSubview:self.emptyLabel];

    self.bottomBar = [[UIView alloc] init];
    self.bottomBar.backgroundColor = [UIColor colorWithWhite:0.97 alpha:1];
    [self.view addSubview:self.bottomBar];

    self.messageButton = [UIButton buttonWithType:UIButtonTypeSystem];
    [self.messageButton setTitle:NSLocalizedString(@"Send message", nil) forState:UIControlStateNormal];
    [self.bottomBar addSubview:self.messageButton];

    [self setupConstraints];
    [self setupBadge];
    [self loadProfile];
}

#pragma mark - Layout

- (void)setupConstraints {
    CGFloat gap = 8;
    BOOL isCompact = self.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassCompact;

    [self.coverView mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.left.right.equalTo(self.view);
        make.height.mas_equalTo(CGRectGetHeight(self.view.bounds) * 0.35);
    }];

    [self.headerView mas_makeConstraints:^(MASConstraintMaker *make) {
        if (@available(iOS 11.0, *)) {
            make.top.equalTo(self.view.mas_safeAreaLayoutGuideTop);
        } else {
            make.top.equalTo(self.mas_topLayoutGuideBottom);
        }
        make.left.right.equalTo(self.view);
        make.height.mas_equalTo(140);
    }];

    [self.avatarView mas_makeConstraints:^(MASConstraintMaker *make) {
        make.left.top.equalTo(self.headerView).offset(kMargin);
        make.size.mas_equalTo(CGSizeMake(kAvatarSize, kAvatarSize));
    }];

    [_titleLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(self.avatarView.mas_top).offset(5.f);
        make.left.equalTo(self.avatarView.mas_right).offset(gap);
        make.right.lessThanOrEqualTo(self.followButton.mas_left)
            .offset(-gap);
    }];

    [self.bioLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(_titleLabel.mas_bottom).offset(self.style.margin);
        make.left.equalTo(_titleLabel);
        make.right.equalTo(self.headerView).offset(-kMargin);
        make.height.mas_greaterThanOrEqualTo(self.bioLabel.font.lineHeight);
        make.bottom.lessThanOrEqualTo(self.headerView.mas_bottom)
            .offset(-gap)
            .priority(750);
    }];

    [self.followButton mas_makeConstraints:^(MASConstraintMaker *make) {
        make.centerY.equalTo(self.avatarView);
        make.right.equalTo(self.headerView).offset(-kScale(12));
        make.width.mas_equalTo(SCREEN_WIDTH * 0.3);
        make.height.mas_equalTo(32);
    }];

    // 分割线
    UIView *line = [UIView new];
    line.backgroundColor = [UIColor colorWithWhite:0.9 alpha:1];
    [self.view addSubview:line];
    [line mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(self.headerView.mas_bottom);
        make.left.equalTo(self.view).offset(kMargin);
        make.right.equalTo(self.view);
        make.height.mas_equalTo(.5f);
    }];

    [self.statsView mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(line.mas_bottom).mas_offset(isCompact ? 10 : 20);
        make.left.right.equalTo(self.view);
        make.height.mas_equalTo(56);
    }];

    [self.followersLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.left.top.bottom.equalTo(self.statsView);
        make.width.equalTo(self.statsView.mas_width)
            .multipliedBy(0.5f);
    }];

    [self.followingLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.left.equalTo(self.followersLabel.mas_right);
        make.top.bottom.width.equalTo(self.followersLabel);
    }];

    [self.tableView mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.equalTo(self.statsView.mas_bottom).offset(gap);
        make.left.right.equalTo(self.view);
        make.bottom.equalTo(self.bottomBar.mas_top);
    }];

    [self.emptyLabel mas_makeConstraints:^(MASConstraintMaker *make) {
        make.center.equalTo(self.tableView);
        make.width.mas_lessThanOrEqualTo(self.view.frame.size.width - 2 * kMargin);
    }];

    [self.bottomBar mas_makeConstraints:^(MASConstraintMaker *make) {
        make.left.right.equalTo(self.view);
        make.bottom.equalTo(self.view.mas_safeAreaLayoutGuideBottom);
        make.height.mas_equalTo([self barHeight]);
    }];

    [self.messageButton mas_makeConstraints:^(MASConstraintMaker *make) {
        make.left.equalTo(self.bottomBar).offset(kMargin);
        make.right.equalTo(self.bottomBar).offset(-kMargin);
        make.centerY.equalTo(self.bottomBar);
        make.height.mas_equalTo(44).priorityLow();
        make.height.lessThanOrEqualTo(self.bottomBar);
    }];
}

- (void)setupBadge {
    [self.badgeView mas_makeConstraints:^(MASConstraintMaker *make) {
        CGFloat gap = 8;
        make.centerX.equalTo(self.avatarView.mas_right).offset(-gap / 2);
        make.centerY.equalTo(self.avatarView.mas_top).offset(gap / 2);
        make.width.height.mas_equalTo(10.0f);
    }];
}

- (CGFloat)barHeight {
    return 49 + self.view.safeAreaInsets.bottom;
}

#pragma mark - Data

- (void)loadProfile {
    __weak typeof(self) weakSelf = self;
    [self.service fetchProfileWithCompletion:^(PBProfile *profile, NSError *error) {
        if (error) {
            [weakSelf showError:error];
            return;
        }
        weakSelf.titleLabel.text = profile.nickname;
        weakSelf.bioLabel.text = profile.bio;
        weakSelf.posts = profile.posts;
        NSString *title = profile.isFollowing ? @"Following" : @"Follow";
        [weakSelf.followButton setTitle:NSLocalizedString(title, nil) forState:UIControlStateNormal];
        // 关注状态变化后按钮宽度不同，重新布局
        [weakSelf.followButton mas_remakeConstraints:^(MASConstraintMaker *make) {
            make.centerY.equalTo(weakSelf.avatarView);
            make.right.equalTo(weakSelf.headerView).offset(-kMargin);
            make.width.mas_equalTo(profile.isFollowing ? 88 : 72);
            make.height.mas_equalTo(32);
        }];
        weakSelf.emptyLabel.hidden = profile.posts.count > 0;
        [weakSelf.tableView reloadData];
    }];
}

- (void)showError:(NSError *)error {
    if (!self.errorView) {
        self.errorView = [[UIView alloc] init];
        self.errorView.backgroundColor = [UIColor colorWithWhite:1 alpha:0.95];
        self.errorView.layer.cornerRadius = 8;
        [self.view addSubview:self.errorView];
        [self.errorView mas_makeConstraints:^(MASConstraintMaker *make) {
            make.edges.equalTo(self.view).insets(UIEdgeInsetsMake(10, 15, 10, 15));
        }];
    }
    self.errorView.hidden = NO;
    [self.view bringSubviewToFront:self.errorView];
}

#pragma mark - Actions

- (void)followTapped:(UIButton *)sender {
    [self.service toggleFollowWithCompletion:nil];
}

- (void)setHeaderCollapsed:(BOOL)collapsed {
    _headerCollapsed = collapsed;
    [self.headerView mas_updateConstraints:^(MASConstraintMaker *make) {
        make.height.mas_equalTo(collapsed ? 88 : 140);
    }];
    [UIView animateWithDuration:0.25 animations:^{
        self.bioLabel.alpha = collapsed ? 0 : 1;
        [self.view layoutIfNeeded];
    }];
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.posts.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:kPostCellID forIndexPath:indexPath];
    cell.textLabel.text = self.posts[indexPath.row].title;
    return cell;
}

#pragma mark - UIScrollViewDelegate

- (void)scrollViewDidScroll:(UIScrollView *)scrollView {
    BOOL collapsed = scrollView.contentOffset.y > 40;
    if (collapsed != self.headerCollapsed) {
        [self setHeaderCollapsed:collapsed];
    }
}

@end
