from timm.optim import create_optimizer_v2
from timm.scheduler import create_scheduler, create_scheduler_v2


def thaw_then_new_schedule(backbone, net, batches, epochs, thaw_epoch):
    optimizer = create_optimizer_v2(net, "adamw", lr=3e-4)
    lr_sched, _ = create_scheduler_v2(optimizer, "cosine", num_epochs=epochs)
    for epoch in range(epochs):
        if epoch == thaw_epoch:
            for p in backbone.parameters():
                p.requires_grad_(True)
            optimizer = create_optimizer_v2(net, "adamw", lr=1e-4)
            lr_sched, _ = create_scheduler_v2(optimizer, "cosine", num_epochs=epochs - epoch)
        for inputs, labels in batches:
            optimizer.zero_grad()
            net.loss(inputs, labels).backward()
            optimizer.step()
        lr_sched.step(epoch + 1)


def legacy_factory_after_the_choice(args, net, batches, plain):
    optimizer = create_optimizer_v2(net, "sgd", lr=0.1, momentum=0.9)
    if plain:
        optimizer = create_optimizer_v2(net, "sgd", lr=0.1)
    lr_sched, num_epochs = create_scheduler(args, optimizer)
    for epoch in range(num_epochs):
        for inputs, labels in batches:
            optimizer.zero_grad()
            net.loss(inputs, labels).backward()
            optimizer.step()
        lr_sched.step(epoch + 1)


def scheduler_over_a_different_optimizer(head_net, body_net, batches, epochs):
    head_opt = create_optimizer_v2(head_net, "adamw", lr=1e-3)
    lr_sched, _ = create_scheduler_v2(head_opt, "step", decay_epochs=1, num_epochs=epochs)
    body_opt = create_optimizer_v2(body_net, "adamw", lr=1e-3)
    for epoch in range(epochs):
        for inputs, labels in batches:
            head_opt.zero_grad()
            body_opt.zero_grad()
            body_net.loss(head_net(inputs), labels).backward()
            head_opt.step()
            body_opt.step()
        lr_sched.step(epoch + 1)
