/** A file sent with an e-mail (e.g. the desk's hand-over receipt PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID to send with (`<unique@domain>`); generated when absent. A caller that may send
   * the same message again (a retry after a crash) gives a stable one, so receivers that keep one
   * message per Message-ID see it once.
   */
  messageId?: string;
  /** Extra header fields, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
