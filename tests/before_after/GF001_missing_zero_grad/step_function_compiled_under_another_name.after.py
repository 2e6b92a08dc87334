import torch


def _train_step(model, optimizer, batch):
    optimizer.zero_grad(set_to_none=True)
    features, target = batch
    prediction = model(features)
    loss = torch.nn.functional.smooth_l1_loss(prediction, target)
    loss.backward()
    optimizer.step()
    return loss.detach()


model = torch.nn.Linear(16, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
train_step = torch.compile(_train_step)
batches = [(torch.randn(4, 16), torch.randn(4, 1)) for _ in range(32)]
step = 0
while step < 1000:
    for batch in batches:
        train_step(model, optimizer, batch)
        step += 1
