import { describe, expect, it } from 'vitest';
import { getBrowserSupport } from './browser-support';

const UA = {
  chrome120:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  chrome100:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.75 Safari/537.36',
  chrome109: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.5414.120 Safari/537.36',
  edge140:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.3485.54',
  edge120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox138: 'Mozilla/5.0 (X11; Linux x86_64; rv:138.0) Gecko/20100101 Firefox/138.0',
  firefox115: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0',
  safari176:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  safari175:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('browser support', () => {
  it('calls a browser at or above its minimum supported, with a success alert', () => {
    for (const userAgent of [UA.chrome120, UA.chrome109, UA.edge140, UA.firefox138, UA.safari176]) {
      expect(getBrowserSupport(userAgent)).toMatchObject({ status: 'Supported', alertType: 'success' });
    }
    expect(getBrowserSupport(UA.chrome120).title).toBe('You are using Chrome 120 which is supported');
  });

  it('calls a Chrome-family browser below its minimum outdated, with an info alert', () => {
    expect(getBrowserSupport(UA.chrome100)).toEqual({
      status: 'Outdated',
      title: "We noticed you're using Chrome 100 which is outdated",
      description: 'For the best experience, please switch to or update to the latest version of Google Chrome.',
      alertType: 'info',
    });
    expect(getBrowserSupport(UA.edge120).status).toBe('Outdated');
  });

  it('calls any other browser below its minimum unsupported, with a warning', () => {
    expect(getBrowserSupport(UA.firefox115)).toMatchObject({
      status: 'Unsupported',
      title: "We noticed you're using Firefox 115 which cairn doesn't supported",
      alertType: 'warning',
    });
    expect(getBrowserSupport(UA.safari175).status).toBe('Unsupported');
    expect(getBrowserSupport('curl/8.0').status).toBe('Unsupported');
  });
});
