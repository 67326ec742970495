// GET|HEAD /api/media/file/{filename} – a media file's bytes: ranges, validators, embargo
import { mediaFileRoute } from '@/media/routes'

export const GET = mediaFileRoute()
export const HEAD = mediaFileRoute()
