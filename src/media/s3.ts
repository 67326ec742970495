import type { S3ClientConfig } from '@aws-sdk/client-s3'

import { env } from '@/env'

export interface S3Settings {
  /** Objects are keyed by file name at the bucket's root (a prefix would add a column). */
  bucket: string
  client: S3ClientConfig
}

/**
 * Where media live when S3_BUCKET is set, for both the upload side (Payload's storage-s3 plugin)
 * and the file server. Checksums are computed only where S3 requires them: S3-compatible services
 * don't all accept the SDK's newer defaults.
 */
export function s3Settings(): S3Settings | null {
  if (!env.S3_BUCKET) return null
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined
  return {
    bucket: env.S3_BUCKET,
    client: {
      region: env.S3_REGION,
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      ...(credentials ? { credentials } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE
        ? env.S3_FORCE_PATH_STYLE === 'true'
        : Boolean(env.S3_ENDPOINT),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  }
}
