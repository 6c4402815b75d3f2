// Jobs every sandbox account starts with, so that `jobs list` and `jobs get` show something on a
// fresh install. Deterministic: same ids, texts and dates on every start.
import type { AccountId } from './accounts.js';
import { generatedJobCode, type Job } from './job.js';
import { STATUS, type ApprovalStatus } from './job-status.js';
import { employerTypes, jobFunctions } from './seed-lookups.js';

export function seedDescription(title: string, location: string): string {
  return [
    `We are looking for a ${title} to join our team in ${location}.`,
    'You will work closely with colleagues across several departments, take ownership of your daily',
    'responsibilities, and help us improve how we serve our customers and partners every single week.',
    'The role offers a structured onboarding programme, a dedicated mentor, regular feedback sessions',
    'and a clear path for growth into more senior positions over the coming years.',
    'We value reliability, curiosity, clear communication and a willingness to learn new tools and methods.',
    'Previous experience in a similar position is welcome but not strictly required if you can show',
    'motivation and relevant skills. We offer a competitive salary, paid holidays, a pension plan,',
    'flexible working hours where the role allows it, and an inclusive workplace where every voice counts.',
    'Apply today and tell us why this opportunity is the right next step for your career.',
  ].join(' ');
}

type SeedRow = [
  account: AccountId,
  title: string,
  location: string,
  jobFunction: string,
  industryId: number,
  status: number,
  approval: ApprovalStatus,
  customerId: number | null,
];

const ROWS: SeedRow[] = [
  ['direct', 'Senior Backend Engineer', 'Austin, TX, USA', 'Software Development', 1, STATUS.IN_PROGRESS, null, null],
  ['direct', 'DevOps Engineer', 'Berlin, Germany', 'DevOps', 1, STATUS.IN_PROGRESS, null, null],
  ['direct', 'Data Engineer', 'Toronto, ON, Canada', 'Data Engineering', 1, STATUS.NEW, null, null],
  ['direct', 'QA Analyst', 'Dublin, Ireland', 'Quality Assurance', 1, STATUS.IN_PROGRESS, null, null],
  ['direct', 'IT Support Specialist', 'Denver, CO, USA', 'IT Support', 1, STATUS.CLOSED, null, null],
  ['direct', 'Product Manager', 'London, United Kingdom', 'Product Management', 1, STATUS.IN_PROGRESS, null, null],
  ['direct', 'Security Engineer', 'Amsterdam, Netherlands', 'Cybersecurity', 1, STATUS.REJECTED, null, null],
  ['direct', 'Registered Nurse', 'Boston, MA, USA', 'Nursing', 2, STATUS.IN_PROGRESS, null, null],
  ['direct', 'Financial Analyst', 'New York, NY, USA', 'Financial Analysis', 3, STATUS.NEW, null, null],
  ['direct', 'Store Manager', 'Chicago, IL, USA', 'Store Management', 4, STATUS.IN_PROGRESS, null, null],
  ['direct', 'Production Supervisor', 'Detroit, MI, USA', 'Production', 5, STATUS.IN_PROGRESS, null, null],
  ['direct', 'Site Manager', 'Manchester, United Kingdom', 'Site Management', 6, STATUS.CLOSED, null, null],
  ['approval', 'Mobile Developer', 'Lisbon, Portugal', 'Mobile Development', 1, STATUS.IN_PROGRESS, 1, null],
  ['approval', 'UX Designer', 'Copenhagen, Denmark', 'UX Design', 1, STATUS.PENDING_APPROVAL, 0, null],
  ['approval', 'Pharmacist', 'Vienna, Austria', 'Pharmacy', 2, STATUS.PENDING_APPROVAL, 0, null],
  ['approval', 'Auditor', 'Zurich, Switzerland', 'Audit', 3, STATUS.REJECTED, -1, null],
  ['staffing', 'Warehouse Associate', 'Chicago, IL, USA', 'Warehouse Operations', 9, STATUS.IN_PROGRESS, null, 1201],
  ['staffing', 'Forklift Driver', 'Seattle, WA, USA', 'Driving', 9, STATUS.IN_PROGRESS, null, 1202],
  ['staffing', 'Line Cook', 'Miami, FL, USA', 'Culinary', 8, STATUS.NEW, null, 1208],
  ['staffing', 'Accounts Payable Clerk', 'Toronto, ON, Canada', 'Accounting', 3, STATUS.IN_PROGRESS, null, 1209],
  ['staffing', 'Registered Nurse', 'Berlin, Germany', 'Nursing', 2, STATUS.IN_PROGRESS, null, 1215],
];

const CURRENCIES: Record<string, string> = {
  USA: 'USD',
  Canada: 'CAD',
  'United Kingdom': 'GBP',
  Switzerland: 'CHF',
  Denmark: 'DKK',
};

function currencyOf(location: string): string {
  const country = location.slice(location.lastIndexOf(',') + 1).trim();
  return CURRENCIES[country] ?? 'EUR';
}

const SEED_TIME = Date.parse('2026-01-05T09:00:00.000Z');
const DAY = 86_400_000;

export function seedJobs(): Job[] {
  return ROWS.map(([account, title, location, functionName, industryId, status, approvalStatus, customerId], i) => {
    const id = i + 1;
    const jobFunction = jobFunctions.find((f) => f.industryId === industryId && f.name === functionName);
    const employerType = employerTypes.find((t) => t.industryId === industryId);
    if (!jobFunction || !employerType) throw new Error(`seed job ${id}: no lookup for ${functionName}`);
    const at = new Date(SEED_TIME + i * DAY).toISOString();
    const published = status === STATUS.IN_PROGRESS && i % 2 === 0;
    return {
      id,
      account,
      title,
      description: seedDescription(title, location),
      location,
      jobFunctionId: jobFunction.id,
      employerTypeId: employerType.id,
      industryId,
      customerId,
      jobType: 'FT',
      educationLevel: 'BA',
      salaryInterval: 'Y',
      salaryMin: 50_000 + i * 2_500,
      salaryMax: 70_000 + i * 2_500,
      currency: currencyOf(location),
      experience: 2 + (i % 5),
      qualifications: null,
      skills: ['Communication', 'Teamwork'],
      optionalSkills: [],
      departmentId: null,
      hiringManagerId: null,
      jobCode: generatedJobCode(id),
      publishToCareerPage: published,
      publishToFreeJobBoards: false,
      status,
      approvalStatus,
      createdAt: at,
      updatedAt: at,
    };
  });
}
