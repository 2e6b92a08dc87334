import torch
from ignite.engine import Engine, Events

student = torch.nn.Linear(6, 2)
teacher = torch.nn.Linear(6, 2)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
teacher_opt = torch.optim.SGD(teacher.parameters(), lr=0.01)


def update(engine, batch):
    x, y = batch
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(student(x), y).backward()
    optimizer.step()


trainer = Engine(update)


@trainer.on(Events.ITERATION_COMPLETED(every=4))
def refresh_teacher(engine):
    x, y = engine.state.batch
    teacher_opt.zero_grad()
    torch.nn.functional.cross_entropy(teacher(x), y).backward()
    torch.nn.utils.clip_grad_norm_(teacher.parameters(), 1.0)
    teacher_opt.step()
