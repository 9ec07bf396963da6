/** Where the tus endpoint lives: POST /uploads creates, HEAD/PATCH/DELETE /uploads/:id resume. */
export const UPLOADS_PATH = '/uploads';
