import torch

criterion = torch.nn.CrossEntropyLoss()


def train(model, loader, optimizer):
    for batch, labels in loader:
        optimizer.zero_grad()
        logits = model(batch)
        # class probabilities
        probs = logits.softmax(-1)
        loss = criterion(probs, labels)
        loss.backward()
        optimizer.step()
