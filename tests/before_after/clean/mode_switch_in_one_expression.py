import torch

model = build()
optimizer = torch.optim.Adam(model.parameters())

for epoch in range(epochs):
    for training, loader in ((True, train_loader), (False, val_loader)):
        model.train() if training else model.eval()
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
