/** The merchant mobile app: its user groups and permission catalogue, banners, push topics and notification texts. */
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { managed } from './columns.ts';

/** The merchant mobile app's user groups and the mobile permissions each holds. */
export const mobileUserGroups = pgTable('mobile_user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  userType: text('user_type').notNull(),
  description: text('description'),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** The mobile app's global permission catalogue (usergroupmobileglobal). */
export const mobileGlobalPermissions = pgTable('mobile_global_permissions', {
  id: serial('id').primaryKey(),
  permissionKey: text('permission_key').notNull().unique(),
  module: text('module').notNull(),
  description: text('description').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Merchant app banners (/mobile-advertisement), by placement and MYT days. */
export const mobileAdvertisements = pgTable('mobile_advertisements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  placement: text('placement').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Push topics of the merchant app (/mobile-topic-management). */
export const mobileTopics = pgTable('mobile_topics', {
  id: serial('id').primaryKey(),
  topicCode: text('topic_code').notNull().unique(),
  topicName: text('topic_name').notNull(),
  description: text('description'),
  autoSubscribe: smallint('auto_subscribe').notNull().default(0),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Push notification texts per language (/mobile-notification-content). */
export const mobileNotificationContents = pgTable('mobile_notification_contents', {
  id: serial('id').primaryKey(),
  contentCode: text('content_code').notNull().unique(),
  target: text('target').notNull(),
  titleEn: text('title_en').notNull(),
  titleMs: text('title_ms'),
  titleZh: text('title_zh'),
  bodyEn: text('body_en').notNull(),
  bodyMs: text('body_ms'),
  bodyZh: text('body_zh'),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});
