import type { WorkProfile } from '../../src/modules/users/schema'

export const FIRST_NAMES = [
  'Aaliyah', 'Adrian', 'Aisha', 'Alejandro', 'Alex', 'Amara', 'Amelia', 'Ana', 'Andrea', 'Anja', 'Arjun', 'Ava', 'Ben',
  'Bianca', 'Camille', 'Carlos', 'Chloe', 'Chris', 'Clara', 'Daniela', 'David', 'Diego', 'Elena', 'Eliza', 'Emil', 'Emma',
  'Erik', 'Fatima', 'Felix', 'Finn', 'Freya', 'Gabriel', 'Grace', 'Hana', 'Hugo', 'Ibrahim', 'Ines', 'Isaac', 'Isla',
  'Ivan', 'Jack', 'Jana', 'Javier', 'Jin', 'Julia', 'Kai', 'Karim', 'Kateryna', 'Kenji', 'Laila', 'Lars', 'Laura',
  'Leah', 'Leon', 'Lina', 'Lucas', 'Lucia', 'Luis', 'Maja', 'Malik', 'Marco', 'Maria', 'Mateo', 'Maya', 'Mei', 'Mila',
  'Mohammed', 'Nadia', 'Nathan', 'Nico', 'Nina', 'Noah', 'Nora', 'Omar', 'Oscar', 'Paula', 'Pedro', 'Rafael', 'Rahul',
  'Rosa', 'Ruben', 'Ryan', 'Sam', 'Sara', 'Sebastian', 'Selin', 'Simon', 'Sina', 'Sofia', 'Stefan', 'Tariq', 'Tess',
  'Theo', 'Tom', 'Valentina', 'Victor', 'Wei', 'Yara', 'Yusuf', 'Zoe',
] as const

export const LAST_NAMES = [
  'Abbott', 'Adeyemi', 'Alvarez', 'Andersen', 'Bauer', 'Bianchi', 'Brennan', 'Brooks', 'Castillo', 'Costa', 'Dąbrowski',
  'Demir', 'Dubois', 'Eriksson', 'Fischer', 'Fernandes', 'Fontaine', 'García', 'Gupta', 'Hansen', 'Hoffmann', 'Holm',
  'Ito', 'Ivanova', 'Jansen', 'Jovanović', 'Kaur', 'Keller', 'Khan', 'Kim', 'Kowalski', 'Krüger', 'Larsen', 'Laurent',
  'Lehmann', 'Lindqvist', 'Lopez', 'Martin', 'Meyer', 'Molina', 'Moreau', 'Müller', 'Murphy', 'Nakamura', 'Navarro',
  'Nguyen', 'Nielsen', 'Novak', 'O\'Brien', 'Okonkwo', 'Olsen', 'Ortiz', 'Patel', 'Peters', 'Petrov', 'Popescu', 'Quinn',
  'Ramos', 'Reyes', 'Ricci', 'Rossi', 'Santos', 'Sato', 'Schmidt', 'Schneider', 'Schulz', 'Silva', 'Singh', 'Sørensen',
  'Suzuki', 'Svensson', 'Tanaka', 'Torres', 'Vargas', 'Vogel', 'Wagner', 'Walsh', 'Weber', 'Wójcik', 'Yamamoto', 'Yilmaz',
  'Young', 'Zhang', 'Zimmermann',
] as const

/** The people the five demo scenarios are about; their names are the same in every demo tenant. */
export const PERSONAS = {
  owner: { name: 'Olivia Hart', jobTitle: 'Chief Executive Officer' },
  admin: { name: 'Daniel Okafor', jobTitle: 'Head of People Operations' },
  admin2: { name: 'Sofia Marino', jobTitle: 'Finance & Payroll Lead' },
  platformManager: { name: 'Priya Raman', jobTitle: 'Engineering Manager' },
  supportManager: { name: 'Hannah Becker', jobTitle: 'Customer Support Lead' },
  dispatchManager: { name: 'Marcus Chen', jobTitle: 'Dispatch Operations Manager' },
  droppingEngineer: { name: 'Jonas Richter', jobTitle: 'Senior Software Engineer' },
} as const

export const JOB_TITLES: Record<WorkProfile, { member: string[]; manager: string }> = {
  engineering: { member: ['Software Engineer', 'Senior Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'QA Engineer', 'Data Engineer'], manager: 'Engineering Manager' },
  support: { member: ['Support Specialist', 'Senior Support Specialist', 'Customer Success Manager', 'Technical Support Engineer'], manager: 'Support Team Lead' },
  sales: { member: ['Account Executive', 'Sales Development Representative', 'Key Account Manager', 'Solutions Consultant'], manager: 'Head of Sales' },
  design: { member: ['Product Designer', 'UX Researcher', 'Senior Product Designer', 'Visual Designer'], manager: 'Design Lead' },
  operations: { member: ['Dispatcher', 'Senior Dispatcher', 'Logistics Coordinator', 'Fleet Planner', 'Warehouse Shift Lead'], manager: 'Operations Manager' },
  management: { member: ['People Partner', 'Finance Analyst', 'Office Manager', 'Chief Operating Officer'], manager: 'Chief Executive Officer' },
}

export const DEVICE_PREFIX: Record<WorkProfile, string> = {
  engineering: 'DEV', support: 'SUP', sales: 'SAL', design: 'DES', operations: 'OPS', management: 'MGT',
}
