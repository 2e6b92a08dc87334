import torch
from torch import nn

import engine
from engine import evaluate


def main(epochs=3):
    model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.2), nn.Linear(16, 2))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]
    for epoch in range(epochs):
        loss = engine.train_one_epoch(model, batches, optimizer, nn.CrossEntropyLoss())
        correct = evaluate(model, batches)
        print(f"epoch {epoch}: loss {loss:.3f}, correct {correct}")


if __name__ == "__main__":
    main()
