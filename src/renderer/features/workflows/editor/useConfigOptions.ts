/**
 * What the side panel offers to choose from: the company's document types and folders
 * (GET /admin/getLegalFileTypesForWorkflows, the call the spec names for workflows) and its users
 * (usersByCompany). While they load, or if they fail, the lists are empty and say so.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { fullName } from '../../../app/format';
import { fetchFileTypes, type FileTypeList } from '../../document-types/api';
import { USERS_BY_COMPANY_QUERY } from '../../users/operations';
import type { Connection } from '../rest';
import type { ConfigOptions } from './configForms';

export function useConfigOptions(connection: Connection | null, companyId: string): ConfigOptions {
  const [types, setTypes] = useState<FileTypeList | null>(null);
  const { data } = useQuery(USERS_BY_COMPANY_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
  });
  useEffect(() => {
    if (!connection || !companyId) return;
    let live = true;
    fetchFileTypes(connection, companyId).then(
      (list) => live && setTypes(list),
      () => live && setTypes(null),
    );
    return () => {
      live = false;
    };
  }, [companyId, connection]);
  return useMemo(
    () => ({
      fileTypes: (types?.types ?? []).map((type) => ({
        id: type.id,
        name: type.name,
        folderId: type.legal_document_folder_id,
      })),
      folders: (types?.folders ?? []).map((folder) => ({ id: folder.id, name: folder.name })),
      staff: (data?.usersByCompany ?? [])
        .filter((user) => !user.is_deactivated)
        .map((user) => ({ id: user.id, name: fullName(user) })),
    }),
    [data, types],
  );
}
