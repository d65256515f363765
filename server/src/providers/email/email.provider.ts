/** One outgoing e-mail, always with both bodies (some clients show only the plain text). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<id@domain>`, when the sender has a stable one (an alert e-mail's outbox row): a message
   * sent again is then recognisably the same message. Otherwise the mail library makes a fresh one.
   */
  messageId?: string;
  /** Extra header fields (a digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Our interface to e-mail delivery; vendors and transports stay behind it. */
export interface EmailProvider {
  /** 'smtp' delivers for real; 'outbox' writes .eml files an operator or a test can read. */
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}
