/** The edit page of an announcement (its author or its organisation's admins). */
export const editAnnouncementPath = (id: string) => `/announcements/${encodeURIComponent(id)}/edit`;
