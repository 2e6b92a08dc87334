def drop_teacher_grads(teacher):
    teacher.zero_grad(set_to_none=True)
