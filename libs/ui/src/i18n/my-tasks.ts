/** Texts of the My Tasks screen (key `myTasks`); the spec's texts verbatim. */
export const myTasksEn = {
  heading: 'My Tasks',
};

export const myTasksCs: typeof myTasksEn = {
  heading: 'My Tasks',
};
