import * as migration_20261121_121738_initial from './20261121_121738_initial'
import * as migration_20261121_122654_inquiries from './20261121_122654_inquiries'
import * as migration_20261121_122908_media_sizes from './20261121_122908_media_sizes'
import * as migration_20261121_145135_content_change_notify from './20261121_145135_content_change_notify'
import * as migration_20261121_154823_media_object_storage from './20261121_154823_media_object_storage'

export const migrations = [
  {
    up: migration_20261121_121738_initial.up,
    down: migration_20261121_121738_initial.down,
    name: '20261121_121738_initial',
  },
  {
    up: migration_20261121_122654_inquiries.up,
    down: migration_20261121_122654_inquiries.down,
    name: '20261121_122654_inquiries',
  },
  {
    up: migration_20261121_122908_media_sizes.up,
    down: migration_20261121_122908_media_sizes.down,
    name: '20261121_122908_media_sizes',
  },
  {
    up: migration_20261121_145135_content_change_notify.up,
    down: migration_20261121_145135_content_change_notify.down,
    name: '20261121_145135_content_change_notify',
  },
  {
    up: migration_20261121_154823_media_object_storage.up,
    down: migration_20261121_154823_media_object_storage.down,
    name: '20261121_154823_media_object_storage',
  },
]
