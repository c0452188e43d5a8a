import { NOTIFICATION_TARGET_ENTRIES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { select, text, textarea } from '../fields.ts';
import { optionsOf } from './b-fields.ts';
import { UPPER_CODE } from './config-a-common.ts';

/**
 * /mobile-notification-content: the texts of the merchant app's push notifications, in each
 * language of the portal (§9 notification targets: send to master merchant,
 * send to user, none). Where the spec is silent:
 *  - ContentCode is the natural key the sending code names (e.g. SETTLEMENT_READY);
 *  - Target is who a notification of this content goes to: the master merchant's users, the one
 *    user it concerns, or none (kept but not sent);
 *  - the title and body are written once per language (en, ms, zh): a device gets its user's
 *    language; English is required, the others fall back to it when empty;
 *  - a title is at most 65 characters (what a phone's notification shows), a body 240.
 */
export const mobileNotificationContentResource = defineResource({
  name: 'MobileNotificationContent',
  path: '/mobile-notification-content',
  module: 'mobilenotification',
  table: 'mobile_notification_contents',
  scope: 'platform',
  titleKey: 'nav.mobile-notification-content',
  titleField: 'ContentCode',
  fields: {
    ContentCode: text('content_code', 'res.mobileNotification.contentCode', { max: 50, list: true, filter: 'contains', sortable: true, pattern: UPPER_CODE }),
    Target: select('target', 'res.mobileNotification.target', optionsOf(NOTIFICATION_TARGET_ENTRIES), { list: true, filter: 'eq', sortable: true }),
    TitleEn: text('title_en', 'res.mobileNotification.titleEn', { max: 65, list: true }),
    TitleMs: text('title_ms', 'res.mobileNotification.titleMs', { max: 65, optional: true }),
    TitleZh: text('title_zh', 'res.mobileNotification.titleZh', { max: 65, optional: true }),
    BodyEn: textarea('body_en', 'res.mobileNotification.bodyEn', { max: 240 }),
    BodyMs: textarea('body_ms', 'res.mobileNotification.bodyMs', { max: 240, optional: true }),
    BodyZh: textarea('body_zh', 'res.mobileNotification.bodyZh', { max: 240, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'ContentCode', Order: 'asc' },
  naturalKey: 'ContentCode',
  description: 'Push notification texts: content code (natural key), target (master merchant, user or none, §9), and a title and body in English, Malay and Chinese.',
  texts: {
    en: {
      'res.mobileNotification.contentCode': 'Content code',
      'res.mobileNotification.target': 'Send to',
      'res.mobileNotification.titleEn': 'Title (English)',
      'res.mobileNotification.titleMs': 'Title (Malay)',
      'res.mobileNotification.titleZh': 'Title (Chinese)',
      'res.mobileNotification.bodyEn': 'Message (English)',
      'res.mobileNotification.bodyMs': 'Message (Malay)',
      'res.mobileNotification.bodyZh': 'Message (Chinese)',
    },
    ms: {
      'res.mobileNotification.contentCode': 'Kod kandungan',
      'res.mobileNotification.target': 'Hantar kepada',
      'res.mobileNotification.titleEn': 'Tajuk (Inggeris)',
      'res.mobileNotification.titleMs': 'Tajuk (Melayu)',
      'res.mobileNotification.titleZh': 'Tajuk (Cina)',
      'res.mobileNotification.bodyEn': 'Mesej (Inggeris)',
      'res.mobileNotification.bodyMs': 'Mesej (Melayu)',
      'res.mobileNotification.bodyZh': 'Mesej (Cina)',
    },
    zh: {
      'res.mobileNotification.contentCode': '内容代码',
      'res.mobileNotification.target': '发送对象',
      'res.mobileNotification.titleEn': '标题（英文）',
      'res.mobileNotification.titleMs': '标题（马来文）',
      'res.mobileNotification.titleZh': '标题（中文）',
      'res.mobileNotification.bodyEn': '消息（英文）',
      'res.mobileNotification.bodyMs': '消息（马来文）',
      'res.mobileNotification.bodyZh': '消息（中文）',
    },
  },
});
