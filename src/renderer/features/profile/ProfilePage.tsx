/** The signed-in user's profile: who they are, their avatar, "about me", and this device's settings. */
import { Callout, Card, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { fullName, initials, serverAssetUrl } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { ImageUpload } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import { toastSuccess } from '../../components/toaster';
import { VIEWER_QUERY } from '../auth/operations';
import { useViewer } from '../auth/useViewer';
import { useTrackedUpload } from '../uploads/useTrackedUpload';
import { LEGAL_USER_TYPE_LABELS, USER_TYPE_LABELS } from '../users/labels';
import { AboutMeCard } from './AboutMeCard';
import { DevicePreferencesCard } from './DevicePreferencesCard';
import { USER_PROFILE_QUERY, type ProfileData } from './operations';

export function avatarUploadUrl(serverUrl: string, userId: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(userId)}/avatar`;
}

export function ProfilePage() {
  const viewer = useViewer();
  const userId = viewer?.user.id ?? '';
  const { data, error, loading } = useQuery(USER_PROFILE_QUERY, {
    variables: { id: userId },
    skip: !userId,
  });

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.NO_USER_PROFILE)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading profile" />;
  } else if (!data?.userProfile) {
    body = <NonIdealState icon="person" title={ERRORS.NO_USER_PROFILE} className="ld-empty" />;
  } else {
    body = (
      <div className="ld-stack">
        <IdentityCard profile={data.userProfile} />
        <AboutMeCard key={data.userProfile.id} profile={data.userProfile} />
        <DevicePreferencesCard />
      </div>
    );
  }
  return <Page title="Profile">{body}</Page>;
}

function IdentityCard({ profile }: { profile: ProfileData }) {
  const { info } = useServices();
  const client = useApolloClient();
  const token = useAppSelector((state) => state.auth.token);
  const { entry, upload } = useTrackedUpload('avatar');
  const avatarUrl = serverAssetUrl(info.serverUrl, profile.avatar);

  async function send(file: File) {
    if (!token) throw new Error(ERRORS.UPLOAD_AVATAR_FAILED);
    await upload({
      url: avatarUploadUrl(info.serverUrl, profile.id),
      token,
      file,
      fallback: ERRORS.UPLOAD_AVATAR_FAILED,
    });
    await client.refetchQueries({ include: [USER_PROFILE_QUERY, VIEWER_QUERY] });
    toastSuccess('Avatar updated.');
  }

  return (
    <Card className="ld-card ld-identity">
      <ImageUpload
        label="Avatar"
        shape="round"
        imageUrl={avatarUrl}
        placeholder={<span className="ld-avatar-placeholder">{initials(profile)}</span>}
        progress={entry ? entry.progress : null}
        fallbackError={ERRORS.UPLOAD_AVATAR_FAILED}
        hint="Avatar: PNG, JPEG or SVG."
        upload={send}
      >
        <h2 className="ld-identity-name">{fullName(profile)}</h2>
        <div className="ld-muted">{profile.email}</div>
        <div className="ld-tags">
          <Tag minimal>{USER_TYPE_LABELS[profile.user_type.name]}</Tag>
          {profile.legal_user_type ? (
            <Tag minimal intent={Intent.PRIMARY}>
              {LEGAL_USER_TYPE_LABELS[profile.legal_user_type]}
            </Tag>
          ) : null}
          <Tag minimal icon="office">
            {profile.company.name}
          </Tag>
        </div>
      </ImageUpload>
    </Card>
  );
}
