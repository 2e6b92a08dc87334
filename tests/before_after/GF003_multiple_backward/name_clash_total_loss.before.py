import torch


def run(model, loader, optimizer, criterion):
    total_loss = 0.0
    for batch, labels in loader:
        optimizer.zero_grad()
        out = model(batch)
        loss = criterion(out, labels)
        penalty = out.pow(2).mean()
        loss.backward(retain_graph=True)
        penalty.backward()
        optimizer.step()
        total_loss += loss.item() + penalty.item()
    return total_loss


def main():
    model = torch.nn.Linear(4, 2)
    run(model, [], torch.optim.SGD(model.parameters(), lr=0.1), torch.nn.CrossEntropyLoss())
