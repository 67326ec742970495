import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { CoverImageCheck as CoverImageCheck_8223f236532e39a44ee337ce15802715 } from '../../../../src/components/admin/CoverImageCheck'
import { TranslationsCell as TranslationsCell_38aeadcbdf833d7ae2f775ea5fd73944 } from '../../../../src/components/admin/TranslationsCell'
import { ScheduledCell as ScheduledCell_7ad810bc772330d9d223e936ce0d359a } from '../../../../src/components/admin/ScheduledCell'
import { OverviewComponent as OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaTitleComponent as MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaDescriptionComponent as MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaImageComponent as MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { PreviewComponent as PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { ContentLanguageBanner as ContentLanguageBanner_0187e4d7304e3767a81881acbe8f5e84 } from '../../../../src/components/admin/ContentLanguageBanner'
import { ContentStatus as ContentStatus_bded9a8f082e24cca09105a00907e845 } from '../../../../src/components/admin/ContentStatus'
import { VersionHistory as VersionHistory_e2f239f4d1161467304cf8f7d5a5ba8c } from '../../../../src/components/admin/VersionHistory'
import { InquirySummary as InquirySummary_04d822370976f78837aaad9ed9856c7f } from '../../../../src/components/admin/InquirySummary'
import { InquiryServiceCell as InquiryServiceCell_c3e7b0380347f25ad6514bfcea1448ea } from '../../../../src/components/admin/InquiryServiceCell'
import { InquiryExportMenuItem as InquiryExportMenuItem_417d970844c55183746a8160d1ec3aed } from '../../../../src/components/admin/InquiryExportMenuItem'
import { FailedDeliveriesNotice as FailedDeliveriesNotice_a995cae80b6d69a6e6ada2afef6292d3 } from '../../../../src/components/admin/FailedDeliveriesNotice'
import { InvitationNotice as InvitationNotice_3aef3a90f49669e7a70433686dd0ac52 } from '../../../../src/components/admin/InvitationNotice'
import { TwoFactorAccountField as TwoFactorAccountField_2cfc88aaaeaf382ff765d6e3b300bbab } from '../../../../src/components/admin/TwoFactorAccountField'
import { WebhookDeliveryLog as WebhookDeliveryLog_9e6fb0fab0a293c0159b6b78cf7456c2 } from '../../../../src/components/admin/WebhookDeliveryLog'
import { WebhookDisabledNotice as WebhookDisabledNotice_0e9b1901a4f5a877816a409a16bf4909 } from '../../../../src/components/admin/WebhookDisabledNotice'
import { FormatField as FormatField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { LimitField as LimitField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { Page as Page_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortBy as SortBy_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortOrder as SortOrder_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { LocaleField as LocaleField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SelectionToUseField as SelectionToUseField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { FieldsToExport as FieldsToExport_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { CollectionField as CollectionField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportPreview as ExportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportSaveButton as ExportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportPreview as ImportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportSaveButton as ImportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { TwoFactorEnrolmentGate as TwoFactorEnrolmentGate_a101c21d4b90aba5aa282e87fbfd1486 } from '../../../../src/components/admin/TwoFactorEnrolmentGate'
import { Icon as Icon_b04c0db8d89d68ff5dd20d513b3034b9 } from '../../../../src/components/admin/Icon'
import { Logo as Logo_4522c7900ab0b0df414ce3e1574aaee4 } from '../../../../src/components/admin/Logo'
import { AudienceLink as AudienceLink_0a4081a73d037ee65ebfcee5922265ba } from '../../../../src/components/admin/AudienceLink'
import { EditorDashboard as EditorDashboard_eae6e5039b0a9586755401a779959798 } from '../../../../src/components/admin/EditorDashboard'
import { ImportExportProvider as ImportExportProvider_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { TwoFactorLoginView as TwoFactorLoginView_34e9da4ac391ffa8fa70b26af3194c00 } from '../../../../src/components/admin/TwoFactorLoginView'
import { AudienceView as AudienceView_26b9e632554143ed56ff9b5a03d0b974 } from '../../../../src/components/admin/AudienceView'
import { InvitationView as InvitationView_217d4ac42927090399c90f43287ef3e5 } from '../../../../src/components/admin/InvitationView'
import { ResetPasswordView as ResetPasswordView_3793da581632d5d3d084014d66cdcbe8 } from '../../../../src/components/admin/ResetPasswordView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/src/components/admin/CoverImageCheck#CoverImageCheck": CoverImageCheck_8223f236532e39a44ee337ce15802715,
  "/src/components/admin/TranslationsCell#TranslationsCell": TranslationsCell_38aeadcbdf833d7ae2f775ea5fd73944,
  "/src/components/admin/ScheduledCell#ScheduledCell": ScheduledCell_7ad810bc772330d9d223e936ce0d359a,
  "@payloadcms/plugin-seo/client#OverviewComponent": OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaTitleComponent": MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaDescriptionComponent": MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaImageComponent": MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#PreviewComponent": PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "/src/components/admin/ContentLanguageBanner#ContentLanguageBanner": ContentLanguageBanner_0187e4d7304e3767a81881acbe8f5e84,
  "/src/components/admin/ContentStatus#ContentStatus": ContentStatus_bded9a8f082e24cca09105a00907e845,
  "/src/components/admin/VersionHistory#VersionHistory": VersionHistory_e2f239f4d1161467304cf8f7d5a5ba8c,
  "/src/components/admin/InquirySummary#InquirySummary": InquirySummary_04d822370976f78837aaad9ed9856c7f,
  "/src/components/admin/InquiryServiceCell#InquiryServiceCell": InquiryServiceCell_c3e7b0380347f25ad6514bfcea1448ea,
  "/src/components/admin/InquiryExportMenuItem#InquiryExportMenuItem": InquiryExportMenuItem_417d970844c55183746a8160d1ec3aed,
  "/src/components/admin/FailedDeliveriesNotice#FailedDeliveriesNotice": FailedDeliveriesNotice_a995cae80b6d69a6e6ada2afef6292d3,
  "/src/components/admin/InvitationNotice#InvitationNotice": InvitationNotice_3aef3a90f49669e7a70433686dd0ac52,
  "/src/components/admin/TwoFactorAccountField#TwoFactorAccountField": TwoFactorAccountField_2cfc88aaaeaf382ff765d6e3b300bbab,
  "/src/components/admin/WebhookDeliveryLog#WebhookDeliveryLog": WebhookDeliveryLog_9e6fb0fab0a293c0159b6b78cf7456c2,
  "/src/components/admin/WebhookDisabledNotice#WebhookDisabledNotice": WebhookDisabledNotice_0e9b1901a4f5a877816a409a16bf4909,
  "@payloadcms/plugin-import-export/rsc#FormatField": FormatField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#LimitField": LimitField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#Page": Page_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortBy": SortBy_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortOrder": SortOrder_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#LocaleField": LocaleField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SelectionToUseField": SelectionToUseField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#FieldsToExport": FieldsToExport_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#CollectionField": CollectionField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportPreview": ExportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportSaveButton": ExportSaveButton_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportPreview": ImportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportSaveButton": ImportSaveButton_cdf7e044479f899a31f804427d568b36,
  "/src/components/admin/TwoFactorEnrolmentGate#TwoFactorEnrolmentGate": TwoFactorEnrolmentGate_a101c21d4b90aba5aa282e87fbfd1486,
  "/src/components/admin/Icon#Icon": Icon_b04c0db8d89d68ff5dd20d513b3034b9,
  "/src/components/admin/Logo#Logo": Logo_4522c7900ab0b0df414ce3e1574aaee4,
  "/src/components/admin/AudienceLink#AudienceLink": AudienceLink_0a4081a73d037ee65ebfcee5922265ba,
  "/src/components/admin/EditorDashboard#EditorDashboard": EditorDashboard_eae6e5039b0a9586755401a779959798,
  "@payloadcms/plugin-import-export/rsc#ImportExportProvider": ImportExportProvider_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/components/admin/TwoFactorLoginView#TwoFactorLoginView": TwoFactorLoginView_34e9da4ac391ffa8fa70b26af3194c00,
  "/src/components/admin/AudienceView#AudienceView": AudienceView_26b9e632554143ed56ff9b5a03d0b974,
  "/src/components/admin/InvitationView#InvitationView": InvitationView_217d4ac42927090399c90f43287ef3e5,
  "/src/components/admin/ResetPasswordView#ResetPasswordView": ResetPasswordView_3793da581632d5d3d084014d66cdcbe8,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
