import * as migration_20261121_121738_initial from './20261121_121738_initial'
import * as migration_20261121_122654_inquiries from './20261121_122654_inquiries'
import * as migration_20261121_122908_media_sizes from './20261121_122908_media_sizes'
import * as migration_20261121_145135_content_change_notify from './20261121_145135_content_change_notify'
import * as migration_20261121_154823_media_object_storage from './20261121_154823_media_object_storage'
import * as migration_20261123_070148_account_lockout_off from './20261123_070148_account_lockout_off'
import * as migration_20261123_112000_content_change_identity from './20261123_112000_content_change_identity'
import * as migration_20261123_113000_site_search from './20261123_113000_site_search'
import * as migration_20261123_165727_site_settings from './20261123_165727_site_settings'
import * as migration_20261123_170000_site_search_rank_vector from './20261123_170000_site_search_rank_vector'
import * as migration_20261123_170041_redirects from './20261123_170041_redirects'
import * as migration_20261123_170506_inquiry_inbox_roles from './20261123_170506_inquiry_inbox_roles'
import * as migration_20261123_201003_case_study_summary_privacy from './20261123_201003_case_study_summary_privacy'
import * as migration_20261123_202500_published_read_indexes from './20261123_202500_published_read_indexes'
import * as migration_20261123_210100_seo_noindex from './20261123_210100_seo_noindex'
import * as migration_20261123_225923_home_sections from './20261123_225923_home_sections'
import * as migration_20261124_130000_newest_first_indexes from './20261124_130000_newest_first_indexes'
import * as migration_20261125_160000_translation_title_indexes from './20261125_160000_translation_title_indexes'
import * as migration_20261128_100000_webhooks from './20261128_100000_webhooks'
import * as migration_20261128_110000_change_feed_times from './20261128_110000_change_feed_times'
import * as migration_20261128_120000_audience_counts from './20261128_120000_audience_counts'
import * as migration_20261128_130000_agent_access from './20261128_130000_agent_access'
import * as migration_20261128_140000_inquiry_source from './20261128_140000_inquiry_source'
import * as migration_20261128_150000_audit_log from './20261128_150000_audit_log'
import * as migration_20261128_160000_two_factor from './20261128_160000_two_factor'
import * as migration_20261128_170000_schedule_alerts from './20261128_170000_schedule_alerts'
import * as migration_20261128_180000_people_and_proof from './20261128_180000_people_and_proof'
import * as migration_20261128_190000_services_and_principles from './20261128_190000_services_and_principles'
import * as migration_20261128_200000_inline_image_sizes from './20261128_200000_inline_image_sizes'
import * as migration_20261128_210000_media_credit from './20261128_210000_media_credit'
import * as migration_20261128_220000_search_services from './20261128_220000_search_services'
import * as migration_20261128_230000_media_credit_url from './20261128_230000_media_credit_url'
import * as migration_20261128_240000_recovery_codes_renew from './20261128_240000_recovery_codes_renew'

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
  {
    up: migration_20261123_070148_account_lockout_off.up,
    down: migration_20261123_070148_account_lockout_off.down,
    name: '20261123_070148_account_lockout_off',
  },
  {
    up: migration_20261123_112000_content_change_identity.up,
    down: migration_20261123_112000_content_change_identity.down,
    name: '20261123_112000_content_change_identity',
  },
  {
    up: migration_20261123_113000_site_search.up,
    down: migration_20261123_113000_site_search.down,
    name: '20261123_113000_site_search',
  },
  {
    up: migration_20261123_165727_site_settings.up,
    down: migration_20261123_165727_site_settings.down,
    name: '20261123_165727_site_settings',
  },
  {
    up: migration_20261123_170000_site_search_rank_vector.up,
    down: migration_20261123_170000_site_search_rank_vector.down,
    name: '20261123_170000_site_search_rank_vector',
  },
  {
    up: migration_20261123_170041_redirects.up,
    down: migration_20261123_170041_redirects.down,
    name: '20261123_170041_redirects',
  },
  {
    up: migration_20261123_170506_inquiry_inbox_roles.up,
    down: migration_20261123_170506_inquiry_inbox_roles.down,
    name: '20261123_170506_inquiry_inbox_roles',
  },
  {
    up: migration_20261123_201003_case_study_summary_privacy.up,
    down: migration_20261123_201003_case_study_summary_privacy.down,
    name: '20261123_201003_case_study_summary_privacy',
  },
  {
    up: migration_20261123_202500_published_read_indexes.up,
    down: migration_20261123_202500_published_read_indexes.down,
    name: '20261123_202500_published_read_indexes',
  },
  {
    up: migration_20261123_210100_seo_noindex.up,
    down: migration_20261123_210100_seo_noindex.down,
    name: '20261123_210100_seo_noindex',
  },
  {
    up: migration_20261123_225923_home_sections.up,
    down: migration_20261123_225923_home_sections.down,
    name: '20261123_225923_home_sections',
  },
  {
    up: migration_20261124_130000_newest_first_indexes.up,
    down: migration_20261124_130000_newest_first_indexes.down,
    name: '20261124_130000_newest_first_indexes',
  },
  {
    up: migration_20261125_160000_translation_title_indexes.up,
    down: migration_20261125_160000_translation_title_indexes.down,
    name: '20261125_160000_translation_title_indexes',
  },
  {
    up: migration_20261128_100000_webhooks.up,
    down: migration_20261128_100000_webhooks.down,
    name: '20261128_100000_webhooks',
  },
  {
    up: migration_20261128_110000_change_feed_times.up,
    down: migration_20261128_110000_change_feed_times.down,
    name: '20261128_110000_change_feed_times',
  },
  {
    up: migration_20261128_120000_audience_counts.up,
    down: migration_20261128_120000_audience_counts.down,
    name: '20261128_120000_audience_counts',
  },
  {
    up: migration_20261128_130000_agent_access.up,
    down: migration_20261128_130000_agent_access.down,
    name: '20261128_130000_agent_access',
  },
  {
    up: migration_20261128_140000_inquiry_source.up,
    down: migration_20261128_140000_inquiry_source.down,
    name: '20261128_140000_inquiry_source',
  },
  {
    up: migration_20261128_150000_audit_log.up,
    down: migration_20261128_150000_audit_log.down,
    name: '20261128_150000_audit_log',
  },
  {
    up: migration_20261128_160000_two_factor.up,
    down: migration_20261128_160000_two_factor.down,
    name: '20261128_160000_two_factor',
  },
  {
    up: migration_20261128_170000_schedule_alerts.up,
    down: migration_20261128_170000_schedule_alerts.down,
    name: '20261128_170000_schedule_alerts',
  },
  {
    up: migration_20261128_180000_people_and_proof.up,
    down: migration_20261128_180000_people_and_proof.down,
    name: '20261128_180000_people_and_proof',
  },
  {
    up: migration_20261128_190000_services_and_principles.up,
    down: migration_20261128_190000_services_and_principles.down,
    name: '20261128_190000_services_and_principles',
  },
  {
    up: migration_20261128_200000_inline_image_sizes.up,
    down: migration_20261128_200000_inline_image_sizes.down,
    name: '20261128_200000_inline_image_sizes',
  },
  {
    up: migration_20261128_210000_media_credit.up,
    down: migration_20261128_210000_media_credit.down,
    name: '20261128_210000_media_credit',
  },
  {
    up: migration_20261128_220000_search_services.up,
    down: migration_20261128_220000_search_services.down,
    name: '20261128_220000_search_services',
  },
  {
    up: migration_20261128_230000_media_credit_url.up,
    down: migration_20261128_230000_media_credit_url.down,
    name: '20261128_230000_media_credit_url',
  },
  {
    up: migration_20261128_240000_recovery_codes_renew.up,
    down: migration_20261128_240000_recovery_codes_renew.down,
    name: '20261128_240000_recovery_codes_renew',
  },
]
