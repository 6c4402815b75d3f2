// The sandbox's lookup data: fixed, realistic and identical on every start, so ids in docs,
// examples and tests stay valid. Ids are stable: industries 1.., job functions 101.., employer
// types 501.., customers 1001.., departments 2001.., hiring managers 3001.., users 4001...

export interface Named {
  id: number;
  name: string;
}
export interface IndustryChild extends Named {
  industryId: number;
}

const INDUSTRIES: Array<[string, string[], string[]]> = [
  [
    'Information Technology',
    [
      'Software Development', 'DevOps', 'Data Engineering', 'Quality Assurance', 'IT Support',
      'Product Management', 'Cybersecurity', 'Cloud Architecture', 'Mobile Development', 'UX Design',
      'Database Administration', 'Network Engineering', 'Technical Writing', 'Machine Learning',
    ],
    ['Software Vendor', 'IT Consultancy', 'Managed Service Provider', 'SaaS Startup', 'Enterprise IT Department'],
  ],
  [
    'Healthcare',
    ['Nursing', 'Medical Practice', 'Pharmacy', 'Medical Laboratory', 'Healthcare Administration', 'Physiotherapy', 'Radiology'],
    ['Hospital', 'Private Clinic', 'Care Home', 'Public Health Agency'],
  ],
  [
    'Finance',
    ['Accounting', 'Financial Analysis', 'Audit', 'Risk Management', 'Compliance', 'Treasury', 'Sales'],
    ['Bank', 'Insurance Company', 'Investment Firm', 'Accounting Firm', 'FinTech Startup'],
  ],
  [
    'Retail',
    ['Store Management', 'Sales', 'Merchandising', 'Buying', 'Customer Service', 'E-commerce Operations'],
    ['Department Store', 'Specialty Retailer', 'Online Retailer', 'Franchise'],
  ],
  [
    'Manufacturing',
    ['Production', 'Quality Control', 'Maintenance', 'Process Engineering', 'Supply Chain', 'Health and Safety'],
    ['Factory', 'Contract Manufacturer', 'Industrial Group'],
  ],
  [
    'Construction',
    ['Site Management', 'Civil Engineering', 'Quantity Surveying', 'Architecture', 'Skilled Trades', 'Health and Safety'],
    ['General Contractor', 'Subcontractor', 'Engineering Consultancy', 'Property Developer'],
  ],
  [
    'Education',
    ['Teaching', 'Teaching Assistance', 'School Administration', 'Curriculum Design', 'Research', 'Student Support'],
    ['Public School', 'Private School', 'University', 'Training Provider'],
  ],
  [
    'Hospitality',
    ['Front Office', 'Food and Beverage', 'Housekeeping', 'Culinary', 'Event Management', 'Customer Service'],
    ['Hotel', 'Restaurant Group', 'Resort', 'Catering Company'],
  ],
  [
    'Logistics',
    ['Warehouse Operations', 'Transport Planning', 'Driving', 'Fleet Management', 'Supply Chain', 'Customs'],
    ['Freight Forwarder', 'Courier', 'Third-party Logistics Provider', 'Port Operator'],
  ],
  [
    'Marketing and Advertising',
    ['Digital Marketing', 'Content Marketing', 'Brand Management', 'Market Research', 'Public Relations', 'Sales'],
    ['Advertising Agency', 'Media Company', 'In-house Marketing Team'],
  ],
  [
    'Legal',
    ['Corporate Law', 'Litigation', 'Paralegal', 'Contract Management', 'Compliance'],
    ['Law Firm', 'In-house Legal Department', 'Legal Services Provider'],
  ],
  [
    'Energy',
    ['Electrical Engineering', 'Field Operations', 'Renewable Energy', 'Energy Trading', 'Health and Safety'],
    ['Utility', 'Oil and Gas Company', 'Renewables Developer', 'Energy Retailer'],
  ],
  [
    'Telecommunications',
    ['Network Engineering', 'Field Service', 'Customer Service', 'Sales', 'Product Management'],
    ['Mobile Operator', 'Internet Service Provider', 'Telecom Equipment Vendor'],
  ],
  [
    'Government',
    ['Policy', 'Public Administration', 'Social Work', 'Inspection', 'IT Support'],
    ['Federal Agency', 'Local Authority', 'Regulator'],
  ],
  [
    'Nonprofit',
    ['Fundraising', 'Program Management', 'Volunteer Coordination', 'Advocacy', 'Grant Writing'],
    ['Charity', 'Foundation', 'Non-governmental Organization'],
  ],
  [
    'Real Estate',
    ['Property Management', 'Sales', 'Leasing', 'Valuation', 'Facilities Management'],
    ['Real Estate Agency', 'Property Manager', 'Real Estate Investment Trust'],
  ],
  [
    'Automotive',
    ['Mechanical Engineering', 'Vehicle Technician', 'Sales', 'Parts Management', 'Quality Control'],
    ['Car Manufacturer', 'Dealership', 'Parts Supplier'],
  ],
  [
    'Media and Entertainment',
    ['Journalism', 'Video Production', 'Graphic Design', 'Audio Engineering', 'Content Marketing'],
    ['Broadcaster', 'Publisher', 'Production Studio', 'Streaming Service'],
  ],
  [
    'Agriculture',
    ['Farm Management', 'Agronomy', 'Animal Care', 'Machinery Operation', 'Supply Chain'],
    ['Farm', 'Agribusiness', 'Cooperative'],
  ],
  [
    'Pharmaceuticals',
    ['Clinical Research', 'Regulatory Affairs', 'Medical Laboratory', 'Quality Assurance', 'Sales'],
    ['Pharmaceutical Company', 'Contract Research Organization', 'Biotech Startup'],
  ],
];

export const industries: Named[] = [];
export const jobFunctions: IndustryChild[] = [];
export const employerTypes: IndustryChild[] = [];

{
  let functionId = 101;
  let employerTypeId = 501;
  INDUSTRIES.forEach(([name, functions, types], index) => {
    const industryId = index + 1;
    industries.push({ id: industryId, name });
    for (const f of functions) jobFunctions.push({ id: functionId++, name: f, industryId });
    for (const t of types) employerTypes.push({ id: employerTypeId++, name: t, industryId });
  });
}

export const JOB_TYPES = [
  { code: 'FT', label: 'Full-time' },
  { code: 'PT', label: 'Part-time' },
  { code: 'CT', label: 'Contract' },
  { code: 'TP', label: 'Temporary' },
  { code: 'IN', label: 'Internship' },
] as const;

export const EDUCATION_LEVELS = [
  { code: 'NONE', label: 'No formal education required' },
  { code: 'HS', label: 'High school' },
  { code: 'VOC', label: 'Vocational qualification' },
  { code: 'BA', label: "Bachelor's degree" },
  { code: 'MA', label: "Master's degree" },
  { code: 'PHD', label: 'Doctorate' },
] as const;

export const SALARY_INTERVAL_OPTIONS = [
  { code: 'H', label: 'Hourly' },
  { code: 'D', label: 'Daily' },
  { code: 'W', label: 'Weekly' },
  { code: 'M', label: 'Monthly' },
  { code: 'Y', label: 'Yearly' },
] as const;

export interface Customer extends Named {
  city: string;
  country: string;
}

export const STAFFING_CUSTOMERS: Array<[string, string, string]> = [
  ['Acme Logistics', 'Chicago, IL', 'USA'],
  ['Northwind Traders', 'Seattle, WA', 'USA'],
  ['Globex Corporation', 'Springfield, IL', 'USA'],
  ['Initech', 'Austin, TX', 'USA'],
  ['Umbrella Health', 'Boston, MA', 'USA'],
  ['Stark Manufacturing', 'Detroit, MI', 'USA'],
  ['Wayne Financial', 'New York, NY', 'USA'],
  ['Blue Harbor Hotels', 'Miami, FL', 'USA'],
  ['Contoso Retail', 'Toronto, ON', 'Canada'],
  ['Fabrikam Energy', 'Calgary, AB', 'Canada'],
  ['Tailspin Airlines', 'Dublin', 'Ireland'],
  ['Litware Software', 'London', 'United Kingdom'],
  ['Adventure Works', 'Manchester', 'United Kingdom'],
  ['Proseware Pharma', 'Basel', 'Switzerland'],
  ['Lamna Healthcare', 'Berlin', 'Germany'],
  ['Wingtip Toys', 'Munich', 'Germany'],
  ['Coho Vineyard', 'Bordeaux', 'France'],
  ['Alpine Ski House', 'Innsbruck', 'Austria'],
  ['Margie Travel', 'Madrid', 'Spain'],
  ['Trey Research', 'Amsterdam', 'Netherlands'],
  ['Fourth Coffee', 'Melbourne, VIC', 'Australia'],
  ['Woodgrove Bank', 'Sydney, NSW', 'Australia'],
  ['Southridge Video', 'Auckland', 'New Zealand'],
  ['Datum Construction', 'Singapore', 'Singapore'],
];

export const APPROVAL_CUSTOMERS: Array<[string, string, string]> = [
  ['Contoso Retail', 'Toronto, ON', 'Canada'],
  ['Litware Software', 'London', 'United Kingdom'],
  ['Trey Research', 'Amsterdam', 'Netherlands'],
];

function customers(list: Array<[string, string, string]>, firstId: number): Customer[] {
  return list.map(([name, city, country], i) => ({ id: firstId + i, name, city, country }));
}

export type Department = Named;
export interface HiringManager extends Named {
  email: string;
  departmentId: number;
}
export interface User extends Named {
  email: string;
  role: 'admin' | 'recruiter' | 'hiring_manager' | 'approver';
}

const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'People'];
const PEOPLE: Array<[string, User['role']]> = [
  ['Avery Johnson', 'admin'],
  ['Jordan Lee', 'recruiter'],
  ['Priya Natarajan', 'recruiter'],
  ['Mateo García', 'approver'],
  ['Chen Wei', 'hiring_manager'],
  ['Fatima Al-Sayed', 'hiring_manager'],
  ['Olivia Brown', 'hiring_manager'],
  ['Noah Schmidt', 'hiring_manager'],
];

export interface AccountLookups {
  customers: Customer[];
  departments: Department[];
  hiringManagers: HiringManager[];
  users: User[];
}

function email(name: string, domain: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[^\w\s-]/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/gu, '.');
  return `${local}@${domain}`;
}

/** Lookups owned by one account; ids are offset per account so they never collide. */
export function accountLookups(
  accountIndex: number,
  domain: string,
  customerRows: Array<[string, string, string]>,
): AccountLookups {
  const offset = accountIndex * 100;
  const departments = DEPARTMENTS.map((name, i) => ({ id: 2001 + offset + i, name }));
  const users = PEOPLE.map(([name, role], i) => ({ id: 4001 + offset + i, name, email: email(name, domain), role }));
  const hiringManagers = PEOPLE.filter(([, role]) => role === 'hiring_manager' || role === 'admin').map(([name], i) => ({
    id: 3001 + offset + i,
    name,
    email: email(name, domain),
    departmentId: departments[i % departments.length]!.id,
  }));
  return { customers: customers(customerRows, 1001 + offset), departments, hiringManagers, users };
}
