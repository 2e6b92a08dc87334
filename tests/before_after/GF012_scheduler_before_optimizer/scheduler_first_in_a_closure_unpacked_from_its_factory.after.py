import torch


def make_loop_parts(model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)

    def one_batch(inputs, targets):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(inputs), targets).backward()
        optimizer.step()
        schedule.step()

    def report():
        return schedule.get_last_lr()

    return (one_batch, report)


def run(epochs):
    model = torch.nn.Linear(4, 2)
    one_batch, report = make_loop_parts(model)
    data = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(4)]
    for epoch in range(epochs):
        for inputs, targets in data:
            one_batch(inputs, targets)
        print(report())


run(3)
