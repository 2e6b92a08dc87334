import torch


def train(net, batches, epochs):
    adam = torch.optim.Adam(net.parameters(), lr=3e-4)
    amp_scaler = torch.amp.GradScaler("cuda")
    apply_update = adam.step
    epoch = 0
    while epoch < epochs:
        for inputs, targets in batches:
            adam.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.mse_loss(net(inputs), targets)
            amp_scaler.scale(loss).backward()
            apply_update()
            amp_scaler.update()
        epoch += 1
