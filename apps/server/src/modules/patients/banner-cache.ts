import type { PatientDemographics } from '@cairn/contracts';

/**
 * A short in-process cache of visit banners (`useCache` on getAppointmentDetails). The key holds the
 * patient's data version and the time of their latest analysis, so a change to the data or a finished
 * analysis makes a new key: an answer from the cache is never older than the data it stands for. The
 * time limit only bounds what "recent" and "upcoming" visits mean.
 */
export class BannerCache {
  private readonly entries = new Map<string, { banner: PatientDemographics; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string, now = Date.now()): PatientDemographics | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.banner;
  }

  set(key: string, banner: PatientDemographics, now = Date.now()): void {
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { banner, expiresAt: now + this.ttlMs });
  }
}

export interface BannerCacheKey {
  sid: string;
  dataVersion: number;
  analysisComputedAt: Date | null;
  /** The caller's scope: a provider sees only their visits in the banner's visit list. */
  providerIds: readonly string[] | undefined;
}

export function bannerCacheKey(key: BannerCacheKey): string {
  const scope = key.providerIds ? [...key.providerIds].sort().join(',') : '*';
  return [key.sid, key.dataVersion, key.analysisComputedAt?.getTime() ?? 'none', scope].join('|');
}
