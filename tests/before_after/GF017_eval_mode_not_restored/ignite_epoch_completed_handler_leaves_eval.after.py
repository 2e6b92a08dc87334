import torch
import torch.nn as nn
from ignite.engine import Engine, Events

net = nn.Sequential(nn.Conv1d(1, 8, 5), nn.Dropout(0.25), nn.Flatten(), nn.LazyLinear(2))
adam = torch.optim.Adam(net.parameters(), lr=2e-4)
criterion = nn.CrossEntropyLoss()


def update_fn(engine, batch):
    signal, label = batch
    adam.zero_grad()
    loss = criterion(net(signal), label)
    loss.backward()
    adam.step()
    return {"loss": loss.item()}


trainer = Engine(update_fn)


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
    net.eval()
    correct = 0
    with torch.no_grad():
        for signal, label in val_loader:
            correct += (net(signal).argmax(1) == label).sum().item()
    print(f"epoch {engine.state.epoch}: {correct} correct")
    net.train()


if __name__ == "__main__":
    trainer.run(train_loader, max_epochs=30)
