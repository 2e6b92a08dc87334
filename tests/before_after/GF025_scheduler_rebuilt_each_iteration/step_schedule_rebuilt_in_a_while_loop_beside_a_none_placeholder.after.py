import torch

model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
adam = torch.optim.Adam(model.parameters(), lr=1e-2)
data = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(4)]
lr_sched = None
done = 0
lr_sched = torch.optim.lr_scheduler.StepLR(adam, step_size=3, gamma=0.5)
while done < 8:
    for inputs, targets in data:
        adam.zero_grad()
        torch.nn.functional.mse_loss(model(inputs), targets).backward()
        adam.step()
    lr_sched.step()
    done += 1
