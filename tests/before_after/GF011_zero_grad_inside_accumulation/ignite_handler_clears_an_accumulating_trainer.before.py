import torch
from ignite.engine import Events, create_supervised_trainer

model = torch.nn.Linear(16, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
trainer = create_supervised_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), gradient_accumulation_steps=4)


@trainer.on(Events.ITERATION_COMPLETED)
def log_and_reset(engine):
    if engine.state.iteration % 50 == 0:
        print(engine.state.iteration, engine.state.output)
    optimizer.zero_grad()  # wipes the window the trainer is accumulating


trainer.run([(torch.randn(8, 16), torch.randint(0, 4, (8,)))] * 100, max_epochs=2)
