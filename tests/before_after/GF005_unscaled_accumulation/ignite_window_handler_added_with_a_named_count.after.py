import ignite.engine as ie
from torch import nn, optim

GRAD_ACC = 8
classifier = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10))
adam = optim.AdamW(classifier.parameters(), lr=3e-4)
criterion = nn.CrossEntropyLoss()


def micro_step(engine, batch):
    classifier.train()
    images, labels = batch
    batch_loss = criterion(classifier(images), labels)
    (batch_loss / GRAD_ACC).backward()
    return {"loss": batch_loss.item()}


def window_end(engine):
    adam.step()
    adam.zero_grad(set_to_none=True)


trainer = ie.Engine(micro_step)
trainer.add_event_handler(ie.Events.ITERATION_COMPLETED(every=GRAD_ACC), window_end)
