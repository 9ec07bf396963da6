/**
 * "Offline copies" in This device's settings: how much the offline review cache holds and its
 * size limit (the desktop setting reviewCacheMB; least recently used documents go first when
 * it is full). Shown only when this desktop has offline review.
 */
import { FormGroup, NumericInput } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DEFAULT_REVIEW_CACHE_MB } from '../../../shared/ipc/contract';
import { describeError } from '../../app/errors';
import { toastError } from '../../components/toaster';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { useDesktopSettings } from '../preferences/useDesktopSettings';
import { cacheUsageText, CACHE_MB_MAX, CACHE_MB_MIN } from './labels';
import { useReviewStatus } from './useReviewStatus';

export function OfflineCacheSetting() {
  const status = useReviewStatus();
  const { settings, update } = useDesktopSettings();
  const saved = settings?.reviewCacheMB ?? DEFAULT_REVIEW_CACHE_MB;
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  if (!status) return null;

  const commit = (next: number) => {
    const clamped = Math.min(CACHE_MB_MAX, Math.max(CACHE_MB_MIN, Math.round(next)));
    setValue(clamped);
    if (clamped === saved) return;
    update({ reviewCacheMB: clamped }).catch((error: unknown) =>
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_SETTINGS_FAILED)),
    );
  };

  return (
    <FormGroup
      label="Offline copies (MB)"
      labelFor="offline-cache-mb"
      helperText={cacheUsageText(status)}
      className="ld-offline-cache"
    >
      <NumericInput
        id="offline-cache-mb"
        min={CACHE_MB_MIN}
        max={CACHE_MB_MAX}
        stepSize={50}
        majorStepSize={500}
        value={value}
        disabled={!settings}
        onValueChange={(number) => {
          if (Number.isFinite(number)) setValue(number);
        }}
        onButtonClick={(number) => commit(number)}
        onBlur={() => commit(value)}
      />
    </FormGroup>
  );
}
