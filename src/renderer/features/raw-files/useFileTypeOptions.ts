/**
 * The company's document types for the raw-file filter bar, from the document-types screen's call
 * (GET /admin/getLegalFileTypesForWorkflows?companyId), sorted by folder then name. A failed load
 * leaves the list empty (the filter then offers only "All document types").
 */
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { fetchFileTypes, type FileTypeList } from '../document-types/api';

export interface FileTypeOption {
  label: string;
  value: string;
}

/** Select options, "Folder — Type", in folder then type name order. */
export function fileTypeOptions(list: FileTypeList): FileTypeOption[] {
  return [...list.types]
    .sort(
      (a, b) =>
        a.legal_document_folder.name.localeCompare(b.legal_document_folder.name) ||
        a.name.localeCompare(b.name),
    )
    .map((type) => ({
      label: `${type.legal_document_folder.name} — ${type.name}`,
      value: type.id,
    }));
}

export function useFileTypeOptions(companyId: string): FileTypeOption[] {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const [options, setOptions] = useState<FileTypeOption[]>([]);
  useEffect(() => {
    if (!token || !companyId) return;
    let live = true;
    fetchFileTypes({ serverUrl: info.serverUrl, token }, companyId).then(
      (list) => {
        if (live) setOptions(fileTypeOptions(list));
      },
      () => {
        if (live) setOptions([]);
      },
    );
    return () => {
      live = false;
    };
  }, [companyId, info.serverUrl, token]);
  return options;
}
