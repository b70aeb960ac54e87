import { getEmployeeDetails } from './get-employee-details'
import { inviteStaff } from './invite-staff'
import { listEmployees } from './list-employees'

/** MCP tools of the users module. */
export const usersTools = [listEmployees, getEmployeeDetails, inviteStaff] as const
