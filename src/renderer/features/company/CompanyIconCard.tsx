/** The company icon: preview and upload (png, jpeg or svg; the server checks the content). */
import { Card, Icon } from '@blueprintjs/core';
import { useApolloClient } from '@apollo/client/react';
import { ERRORS } from '../../../shared/errors';
import { serverAssetUrl } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { ImageUpload } from '../../components/ImageUpload';
import { toastSuccess } from '../../components/toaster';
import { VIEWER_QUERY } from '../auth/operations';
import { useTrackedUpload } from '../uploads/useTrackedUpload';
import { COMPANY_QUERY, type CompanyData } from './operations';

export function companyIconUploadUrl(serverUrl: string, companyId: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/companies/${encodeURIComponent(companyId)}/icon`;
}

export function CompanyIconCard({
  company,
  canManage,
}: {
  company: CompanyData;
  canManage: boolean;
}) {
  const { info } = useServices();
  const client = useApolloClient();
  const token = useAppSelector((state) => state.auth.token);
  const { entry, upload } = useTrackedUpload('company-icon');

  async function send(file: File) {
    if (!token) throw new Error(ERRORS.UPLOAD_ICON_FAILED);
    await upload({
      url: companyIconUploadUrl(info.serverUrl, company.id),
      token,
      file,
      fallback: ERRORS.UPLOAD_ICON_FAILED,
    });
    await client.refetchQueries({ include: [COMPANY_QUERY, VIEWER_QUERY] });
    toastSuccess('Company icon updated.');
  }

  return (
    <Card className="ld-card">
      <h2 className="ld-card-title">Icon</h2>
      <p className="ld-card-description">Shown in the top bar and on documents your firm sends.</p>
      <ImageUpload
        label="Company icon"
        imageUrl={serverAssetUrl(info.serverUrl, company.icon_url)}
        placeholder={<Icon icon="office" size={32} />}
        disabled={!canManage}
        progress={entry ? entry.progress : null}
        fallbackError={ERRORS.UPLOAD_ICON_FAILED}
        hint="PNG, JPEG or SVG."
        upload={send}
      />
    </Card>
  );
}
