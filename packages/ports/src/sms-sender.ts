/** One text message to a phone number (international format, e.g. +994501234567). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends SMS. Only a `file` adapter exists yet; a provider's adapter implements this one method. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
