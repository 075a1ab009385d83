export interface RbacScope {
  scope: string;
  description: string;
}

/** Field names are the spec's own (SPEC.md section 3, Bootstrap). */
export interface Bootstrap {
  emailDomains: string[];
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  displayWatermark: boolean;
  projectName: string;
  rbacPolicy: { scopes: RbacScope[] } | null;
}
