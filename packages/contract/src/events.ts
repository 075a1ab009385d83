/** Event names the client logs (SPEC.md section 7). */
export type LoggedEventName =
  | 'sdk_instance_instantiated'
  | 'render_login_screen'
  | 'render_idp_screen'
  | 'email_sent'
  | 'email_try_again_clicked'
  | 'flow_complete'
  | 'authenticate_flow_complete'
  | 'consent_denied';

export interface LoggedEvent {
  /** 21-character random id made by the client. */
  event_id: string;
  name: LoggedEventName;
  /** ISO 8601 time the event happened in the browser. */
  timestamp: string;
  details: Record<string, unknown>;
}

export interface EventLogRequest {
  events: LoggedEvent[];
}
