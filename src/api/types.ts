// Shapes of the API's resources as the CLI reads them. Fields the API's description does not name are optional
// here: a real service may lack them (docs/decisions.md).
export interface Named {
  id: number;
  name: string;
  [field: string]: unknown;
}

export interface Job {
  id: number;
  title?: string;
  jobCode?: string;
  status: number;
  statusLabel?: string;
  approvalStatus: number | null;
  approvalStatusLabel?: string;
  publishToCareerPage?: boolean;
  publishToFreeJobBoards?: boolean;
  [field: string]: unknown;
}

export interface StatusOption {
  code: number;
  label: string;
  canSet: boolean;
}

export interface CodeLabel {
  code: string;
  label: string;
}

export interface JobOptions {
  initialStatus: string;
  statuses: StatusOption[];
  jobTypes?: CodeLabel[];
  educationLevels?: CodeLabel[];
  salaryIntervals?: CodeLabel[];
  [field: string]: unknown;
}
