/** The live feed of the viewer's company's raw files and documents (server: domains/live-files). */
import { graphql } from '../../../shared/graphql/graphql';

export const COMPANY_FILES_CHANGED_SUBSCRIPTION = graphql(`
  subscription CompanyFilesChanged($company_id: ID) {
    companyFilesChanged(company_id: $company_id) {
      company_id
      reason
    }
  }
`);
