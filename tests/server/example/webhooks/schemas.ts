import { Type } from 'typebox';
import { Id, Text } from '../../../../server/http/schemas';
import { defineList, equals } from '../../../../server/lib/list';

export const WebhookSchema = Type.Object({
  id: Id,
  businessId: Id,
  url: Text({ maxLength: 2048 }),
  createdAt: Type.String({ format: 'date-time', maxLength: 40 }),
});

export const webhookList = defineList({
  listKey: 'webhooks',
  sortBy: { id: 'id', url: 'url', created: 'created_at' }, // API field → SQL; nothing else sorts
  defaultOrder: 'created_at DESC',
  tieBreaker: 'id',
  search: ['url'], // ?q=
  filters: { businessId: equals('business_id', Id) },
});

export const WebhookParams = Type.Object({ id: Id });
