// GET|HEAD /api/media/file/{filename} – a media file's bytes: ranges, validators, embargo
import { mediaFileRoute } from '@/media/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = mediaFileRoute()
export const HEAD = mediaFileRoute()

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
