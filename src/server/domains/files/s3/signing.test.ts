/**
 * SigV4 against AWS's published examples: the generic test suite's get-vanilla / post-vanilla /
 * query-order cases (service "service"), the IAM signing-key example, and the S3 developer guide's
 * GET Object example. Every expected string below comes from those documents.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHA256,
  amzDateOf,
  canonicalQuery,
  sha256Hex,
  signRequest,
  signingKey,
  uriEncode,
} from './signing';

const SUITE = {
  credentials: {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  },
  region: 'us-east-1',
  service: 'service',
  date: new Date('2015-08-30T12:36:00Z'),
  headers: { host: 'example.amazonaws.com' },
  payloadHash: EMPTY_SHA256,
};

describe('SigV4 test suite (aws-sig-v4-test-suite)', () => {
  it('get-vanilla: canonical request, string to sign and signature', () => {
    const signed = signRequest({ ...SUITE, method: 'GET', path: '/' });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(signed.signature).toBe(
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('post-vanilla: string to sign and signature', () => {
    const signed = signRequest({ ...SUITE, method: 'POST', path: '/' });
    expect(signed.canonicalRequest.startsWith('POST\n/\n\nhost:')).toBe(true);
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87',
    );
    expect(signed.signature).toBe(
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    );
  });

  it('get-vanilla-query-order-key-case: parameters sorted by name', () => {
    const signed = signRequest({
      ...SUITE,
      method: 'GET',
      path: '/',
      query: [
        ['Param2', 'value2'],
        ['Param1', 'value1'],
      ],
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(signed.signature).toBe(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    );
  });
});

describe('signing key (IAM documentation example)', () => {
  it('derives kSigning for 20120215/us-east-1/iam', () => {
    const key = signingKey(
      'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      '20120215',
      'us-east-1',
      'iam',
    );
    expect(key.toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });
});

describe('S3 developer guide: GET Object example', () => {
  it('signs GET /test.txt with a Range header', () => {
    const signed = signRequest({
      method: 'GET',
      path: '/test.txt',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
      },
      payloadHash: EMPTY_SHA256,
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      region: 'us-east-1',
      service: 's3',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('encoding helpers', () => {
  it('encodes reserved characters and UTF-8, keeping slashes only in paths', () => {
    expect(uriEncode('a b+c/d~e')).toBe('a%20b%2Bc%2Fd~e');
    expect(uriEncode('co/ké y', true)).toBe('co/k%C3%A9%20y');
  });

  it('sorts query parameters by encoded name then value, and keeps empty values', () => {
    expect(
      canonicalQuery([
        ['uploads', ''],
        ['b', '2'],
        ['a', 'x y'],
      ]),
    ).toBe('a=x%20y&b=2&uploads=');
  });

  it('formats x-amz-date and hashes payloads', () => {
    expect(amzDateOf(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
    expect(sha256Hex('')).toBe(EMPTY_SHA256);
  });
});
