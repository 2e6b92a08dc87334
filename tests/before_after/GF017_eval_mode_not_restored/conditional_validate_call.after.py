import torch


def evaluate(model, loader, device):
    model.eval()
    hits = 0
    with torch.no_grad():
        for x, y in loader:
            hits += (model(x.to(device)).argmax(1) == y.to(device)).sum().item()
    return hits


def train(model, train_loader, test_loader, optimizer, device, epochs):
    model.train()
    for epoch in range(1, epochs + 1):
        for data, target in train_loader:
            data, target = data.to(device), target.to(device)
            optimizer.zero_grad()
            output = model(data)
            loss = torch.nn.functional.nll_loss(output, target)
            loss.backward()
            optimizer.step()
        if epoch % 5 == 0:
            hits = evaluate(model, test_loader, device)
            model.train()
            print(epoch, hits)


def main():
    model = Net()
    optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)
    train(model, train_loader, test_loader, optimizer, "cpu", 14)
