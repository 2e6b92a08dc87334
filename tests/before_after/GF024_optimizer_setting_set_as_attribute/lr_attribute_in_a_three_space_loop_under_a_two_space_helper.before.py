import torch


def decayed(rate, epoch):
  return rate * 0.5 ** epoch


def train(model, batches, epochs):
   optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
   for epoch in range(epochs):
      optimizer.lr = decayed(0.1, epoch)
      for x, y in batches:
         optimizer.zero_grad()
         torch.nn.functional.mse_loss(model(x), y).backward()
         optimizer.step()
