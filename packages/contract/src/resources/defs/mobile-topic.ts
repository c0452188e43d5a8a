import { defineResource } from '../define.ts';
import { flag, text, textarea } from '../fields.ts';

/** A push topic name as Firebase Cloud Messaging takes it: letters, digits and - _ . ~ % only. */
const TOPIC_RULE = 'use letters, digits and - _ . ~ % only';
const TOPIC_NAME: [RegExp, string] = [/^[a-zA-Z0-9\-_.~%]+$/, TOPIC_RULE];

/**
 * /mobile-topic-management: the push topics the merchant app subscribes to.
 * Where the spec is silent:
 *  - TopicCode is the topic's name at the push service (natural key; FCM's character set), so a
 *    campaign or a notification content names it to reach every subscribed device;
 *  - AutoSubscribe: a new app install subscribes to it without asking (announcements, outages);
 *  - deactivating a topic stops new notifications to it; its subscribers stay with the push service.
 */
export const mobileTopicResource = defineResource({
  name: 'MobileTopic',
  path: '/mobile-topic-management',
  module: 'mobiletopic',
  table: 'mobile_topics',
  scope: 'platform',
  titleKey: 'nav.mobile-topic-management',
  titleField: 'TopicName',
  fields: {
    TopicCode: text('topic_code', 'res.mobileTopic.topicCode', { max: 100, list: true, filter: 'contains', sortable: true, pattern: TOPIC_NAME, helpKey: 'res.mobileTopic.topicCode.help' }),
    TopicName: text('topic_name', 'res.mobileTopic.topicName', { max: 100, list: true, filter: 'contains', sortable: true }),
    Description: textarea('description', 'res.mobileTopic.description', { max: 1000, optional: true }),
    AutoSubscribe: flag('auto_subscribe', 'res.mobileTopic.autoSubscribe', { list: true, filter: 'eq' }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'TopicName', Order: 'asc' },
  naturalKey: 'TopicCode',
  description: 'Push topics of the merchant app: topic name at the push service (natural key), display name, description and whether new installs subscribe automatically.',
  texts: {
    en: {
      'res.mobileTopic.topicCode': 'Topic code',
      'res.mobileTopic.topicCode.help': "The topic's name at the push service; devices subscribe to it by this name.",
      [TOPIC_RULE]: 'use letters, digits and - _ . ~ % only',
      'res.mobileTopic.topicName': 'Topic name',
      'res.mobileTopic.description': 'Description',
      'res.mobileTopic.autoSubscribe': 'Subscribe new installs',
    },
    ms: {
      'res.mobileTopic.topicCode': 'Kod topik',
      'res.mobileTopic.topicCode.help': 'Nama topik di perkhidmatan tolak; peranti melanggan topik dengan nama ini.',
      [TOPIC_RULE]: 'gunakan huruf, digit dan - _ . ~ % sahaja',
      'res.mobileTopic.topicName': 'Nama topik',
      'res.mobileTopic.description': 'Keterangan',
      'res.mobileTopic.autoSubscribe': 'Langgan pemasangan baharu',
    },
    zh: {
      'res.mobileTopic.topicCode': '主题代码',
      'res.mobileTopic.topicCode.help': '推送服务中的主题名称；设备按此名称订阅。',
      [TOPIC_RULE]: '仅可使用字母、数字及 - _ . ~ %',
      'res.mobileTopic.topicName': '主题名称',
      'res.mobileTopic.description': '描述',
      'res.mobileTopic.autoSubscribe': '新安装自动订阅',
    },
  },
});
