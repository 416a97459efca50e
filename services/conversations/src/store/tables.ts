/** This service's tables, always schema-qualified. */
export const TABLES = {
  conversations: 'conversations.conversations',
  messages: 'conversations.messages',
  messageTexts: 'conversations.message_texts',
  sharedContacts: 'conversations.shared_contacts',
  contactValues: 'conversations.contact_values',
  reports: 'conversations.reports',
  users: 'conversations.users',
} as const;
